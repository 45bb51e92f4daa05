/** `node:fs`, plus `globSync` where Node lacks it (Node 20): tinyglobby's, with the options the conformance suite passes (`cwd`). */
import fs from 'node:fs';
import { globSync as tinyGlobSync } from 'tinyglobby';

export * from 'node:fs';
export default fs;
export const globSync = fs.globSync ?? ((pattern, options = {}) => tinyGlobSync(pattern, { cwd: options.cwd }));
