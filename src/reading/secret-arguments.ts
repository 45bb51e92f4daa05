/**
 * Arguments that carry the caller's secret (`privateKey`, `api_key`, `password`): they
 * authenticate a call and never name the record it acts on, whatever key word they end in.
 * Used by `tool-id-argument.ts`. Pure.
 */
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
