#!/usr/bin/env node
import { createInterface } from 'node:readline/promises';
import { main } from './main.js';

const code = await main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  onShutdownSignal(handler) {
    const once = (signal: NodeJS.Signals) => {
      process.off('SIGINT', once);
      process.off('SIGTERM', once);
      handler(signal);
    };
    process.on('SIGINT', once);
    process.on('SIGTERM', once);
  },
  ...(process.stdin.isTTY
    ? {
        async confirm(question: string) {
          const reader = createInterface({ input: process.stdin, output: process.stderr });
          try {
            return /^y(es)?$/i.test((await reader.question(`${question} [y/N] `)).trim());
          } finally {
            reader.close();
          }
        },
      }
    : {}),
});
process.exitCode = code;
