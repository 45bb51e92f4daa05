import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

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

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Compares two hex digests in constant time. */
export function digestsEqual(left: string, right: string): boolean {
  const a = Buffer.from(left, 'hex');
  const b = Buffer.from(right, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
