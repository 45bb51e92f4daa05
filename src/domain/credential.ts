import { tokenPrefix } from './service-token.js';

/** A credential as a caller gave it: an API key, or a service token (`mcps_...`). */
export interface Credential {
  kind: 'api_key' | 'service_token';
  /** The credential itself, without the whitespace around it. */
  text: string;
}

const bearerPrefix = /^Bearer[ \t]+/i;

/**
 * What a credential is, decided once for every door that takes one (the bearer header, the
 * dashboard's login form, the CLI login's approve form): the whitespace around it is dropped
 * before its kind is read, so `" mcps_..."` is a service token wherever it is given. Null when
 * it is empty or holds a space or tab (never a valid key or token).
 *
 * @example
 *   toCredential('\tmcps_abc'); // { kind: 'service_token', text: 'mcps_abc' }
 *   toCredential('mcpsim-dev-key\n'); // { kind: 'api_key', text: 'mcpsim-dev-key' }
 */
export function toCredential(given: string): Credential | null {
  const text = given.trim();
  if (text === '' || text.includes(' ') || text.includes('\t')) return null;
  return { kind: text.startsWith(tokenPrefix) ? 'service_token' : 'api_key', text };
}

/**
 * The credential of an `Authorization: Bearer <credential>` header, or null when the header is not
 * that. Written without a whole-header regex, which took microseconds on a token's kilobyte.
 *
 * @example
 *   readBearer('Bearer  mcpsim-dev-key'); // { kind: 'api_key', text: 'mcpsim-dev-key' }
 *   readBearer('Basic dXNlcjpwYXNz'); // null
 */
export function readBearer(header: string): Credential | null {
  const prefix = bearerPrefix.exec(header);
  return prefix ? toCredential(header.slice(prefix[0].length)) : null;
}
