/**
 * The packages a start does not need, loaded at their first use instead of at import (issue 40:
 * start in under half a second): `yaml` (a scenario file the check cache does not vouch for, a
 * capture), ajv (tool arguments and model output), jsonpath-plus (scenario expectations), faker and
 * randexp (the simulator's made-up values). Their callers are synchronous, so each is required on
 * first use, not imported: the bundle (scripts/bundle-cli.ts) builds each into one CommonJS file
 * beside the CLI's bundle (`dist/cli/chunks/lazy-<name>.cjs`) that a start never parses, and the sources
 * and tsc's output require the packages themselves.
 */
import { createRequire } from 'node:module';
import type { Faker } from '@faker-js/faker';
import type { Ajv } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { JSONPath } from 'jsonpath-plus';
import type RandExpModule from 'randexp';
import type * as Yaml from 'yaml';

// Defined by the bundle (scripts/bundle-cli.ts), where the packages sit in lazy-<name>.cjs files.
declare const MCPSIM_LAZY_PACKAGES: boolean | undefined;

const bundled = typeof MCPSIM_LAZY_PACKAGES === 'boolean';
const requireHere = createRequire(import.meta.url);

/** The package group `name`, required at the first call and kept: from the bundle's file, or by `fromSources`. */
function lazily<T>(name: string, fromSources: () => T): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= bundled ? (requireHere(`./lazy-${name}.cjs`) as T) : fromSources());
}

/** The names each group exports, in the bundle's lazy files and here alike (scripts/bundle-cli.ts builds them from this). */
export const lazyPackageExports = {
  yaml: { yaml: '*' },
  ajv: { ajv: 'Ajv', 'ajv/dist/2020.js': 'Ajv2020', 'ajv-formats': 'default as addFormats' },
  'jsonpath-plus': { 'jsonpath-plus': 'JSONPath' },
  faker: { '@faker-js/faker/locale/en': 'faker' },
  randexp: { randexp: 'default as RandExp' },
} as const;

export const yamlPackage = lazily('yaml', () => requireHere('yaml') as typeof Yaml);

export const ajvPackage = lazily('ajv', () => ({
  Ajv: (requireHere('ajv') as { Ajv: typeof Ajv }).Ajv,
  Ajv2020: (requireHere('ajv/dist/2020.js') as { Ajv2020: typeof Ajv2020 }).Ajv2020,
  // CommonJS: the module is the plugin.
  addFormats: requireHere('ajv-formats') as <T>(ajv: T) => T,
}));

export const jsonPathPackage = lazily('jsonpath-plus', () => ({
  JSONPath: (requireHere('jsonpath-plus') as { JSONPath: typeof JSONPath }).JSONPath,
}));

/** faker's English locale only: the package root loads every locale (domain/fake-data.ts). */
export const fakerPackage = lazily('faker', () => ({
  faker: (requireHere('@faker-js/faker/locale/en') as { faker: Faker }).faker,
}));

export const randExpPackage = lazily('randexp', () => ({
  // CommonJS: the module is the class.
  RandExp: requireHere('randexp') as typeof RandExpModule.default,
}));
