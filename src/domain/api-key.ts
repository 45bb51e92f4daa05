import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

const keyPrefix = 'mcpsim_sk_';

/** A new API key: `mcpsim_sk_` and 32 random bytes in base64url (always from the system CSPRNG). */
export function createApiKey(): string {
  return keyPrefix + randomBytes(32).toString('base64url');
}

/**
 * What the database stores of a key: its SHA-256, and for generated keys a short prefix that
 * helps a person tell keys apart (4 of 43 random characters). A key chosen by a person gets no
 * prefix, since a short one would be stored nearly whole.
 */
export function toStoredKey(key: string): { hash: string; prefix: string } {
  const generated = key.startsWith(keyPrefix) && key.length >= keyPrefix.length + 40;
  return { hash: hashApiKey(key), prefix: generated ? key.slice(0, keyPrefix.length + 4) : '' };
}

/** SHA-256 in hex; the one-shot `hash` (no Hash object per call), since every request with an API key hashes it. */
export function hashApiKey(key: string): string {
  return hash('sha256', key, 'hex');
}

/** Compares two hex digests in constant time. */
export function digestsEqual(left: string, right: string): boolean {
  const a = Buffer.from(left, 'hex');
  const b = Buffer.from(right, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The local account's key on a loopback address when none is configured (docs/decisions.md,
 * "Development key"): fixed and documented, like Azurite's well-known account key or LocalStack's
 * `test` credentials, so a demo, a README and a test can all use it. Never a default off loopback.
 */
export const developmentApiKey = 'mcpsim-dev-key';

/**
 * Whether a listen address is reachable from this machine only: `localhost`, `127.0.0.0/8`,
 * `::1` (with or without brackets), and IPv4-mapped loopback. `0.0.0.0` and `::` are every
 * interface, not loopback.
 *
 * @example
 *   isLoopbackHost('127.0.0.1'); // true
 *   isLoopbackHost('0.0.0.0');   // false
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return bare === 'localhost' || bare.endsWith('.localhost') || bare === '::1' || /^(::ffff:)?127(\.\d{1,3}){3}$/.test(bare);
}
