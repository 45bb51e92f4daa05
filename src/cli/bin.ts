#!/usr/bin/env node
// The CLI's entry as the sources (tsx) and tsc's output run it; `npm run build` replaces dist/cli/bin.js
// with code-cache-bin.ts, which loads the same body (run-cli.ts) bundled, from V8's code cache.
import { runCli } from './run-cli.js';

await runCli();
