/**
 * Names of secrets, in one place: arguments that carry the caller's secret (`privateKey`,
 * `api_key`, `password`) authenticate a call and never name the record it acts on, whatever key
 * word they end in (`tool-id-argument.ts`); fields that hold a secret are left out of answers and
 * credential arguments are kept out of records (sim/stateful/hidden-fields.ts,
 * credential-arguments.ts). A field named `token` alone is a secret; an argument named so may be a
 * record's key (`get_invite(token)`). Pure.
 */
import { toNormalName } from '../domain/world-query.js';
import { toWords } from './entity-words.js';

/** Last words that are a secret on their own. */
const secretWords = new Set(['password', 'passwd', 'passphrase', 'secret', 'mnemonic']);
/** Two last words that are a secret together (`private key`, `access token`), where `key` or `token` alone may name a record. */
const secretPairs = new Set([
  'private key',
  'api key',
  'secret key',
  'access key',
  'signing key',
  'access token',
  'auth token',
  'api token',
  'bearer token',
  'refresh token',
  'client secret',
]);

/**
 * Whether an argument is the caller's secret rather than a name of something.
 *
 * @example
 *   isSecretArgument('privateKey'); // true
 *   isSecretArgument('featureFlagKey'); // false
 */
export function isSecretArgument(name: string): boolean {
  const words = toWords(name);
  return secretWords.has(words.at(-1) ?? '') || secretPairs.has(words.slice(-2).join(' '));
}

/** Normalized names of fields that hold a secret (`client_secret`, `apiKey`, `password`); `page_token` is no secret. */
const secretNames = new Set(['secret', 'password', 'passwd', 'passphrase', 'token', 'apikey', 'privatekey', 'accesstoken', 'refreshtoken']);
const secretEndings = ['secret', 'password', 'apikey', 'privatekey', 'accesstoken', 'refreshtoken', 'authtoken'];

/** Whether a field holds a secret by its name. */
export function isSecretField(name: string): boolean {
  const normal = toNormalName(name);
  return secretNames.has(normal) || secretEndings.some((ending) => normal.endsWith(ending));
}
