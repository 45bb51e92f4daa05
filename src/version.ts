import { readFileSync } from 'node:fs';
import { packagePath } from './package-root.js';

/** mcpsim's version, from its package.json. */
export const version: string = (JSON.parse(readFileSync(packagePath('package.json'), 'utf8')) as { version: string }).version;
