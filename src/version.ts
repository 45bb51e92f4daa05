import { readFileSync } from 'node:fs';
import { packagePath } from './package-root.js';

/** mcpsim's version, from its package.json. */
export const version: string = (JSON.parse(readFileSync(packagePath('package.json'), 'utf8')) as { version: string }).version;

// Replaced by the bundle's build id (scripts/bundle-cli.ts); absent when the sources or tsc's output run.
declare const MCPSIM_BUILD_ID: string | undefined;

/**
 * Identifies the code of a bundled build (a hash of its sources and locked dependencies), or null
 * from the sources: what may keep a result of that code across starts keys it by this
 * (scenario-check-cache.ts), and the sources, which change without a build, keep nothing.
 */
export const buildId: string | null = typeof MCPSIM_BUILD_ID === 'string' ? MCPSIM_BUILD_ID : null;
