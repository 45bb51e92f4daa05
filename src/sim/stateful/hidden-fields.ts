/**
 * Secrets a call gives are kept, not shown: a real service stores a webhook's `secret` or a user's
 * `password` and never echoes it back. The world keeps the field (a later update or check may
 * need it); answers leave it out.
 */
import { toNormalName } from '../../domain/world-query.js';

/** Normalized names of fields that hold a secret (`client_secret`, `apiKey`, `password`); `page_token` is no secret. */
const secretNames = new Set(['secret', 'password', 'passwd', 'passphrase', 'token', 'apikey', 'privatekey', 'accesstoken', 'refreshtoken']);
const secretEndings = ['secret', 'password', 'apikey', 'privatekey', 'accesstoken', 'refreshtoken', 'authtoken'];

/** Whether a field holds a secret by its name. */
export function isSecretField(name: string): boolean {
  const normal = toNormalName(name);
  return secretNames.has(normal) || secretEndings.some((ending) => normal.endsWith(ending));
}

/**
 * The value without the fields that hold secrets, at any depth; fields the tool's output schema
 * declares are kept (the service says it shows them).
 *
 * @example
 *   withoutSecrets({ id: 'w1', url: 'https://ci.example.com', secret: 's3cr3t' }); // { id: 'w1', url: 'https://ci.example.com' }
 */
export function withoutSecrets(value: unknown, declared: ReadonlySet<string> = new Set()): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutSecrets(item, declared));
  if (value === null || typeof value !== 'object') return value;
  const kept: Record<string, unknown> = {};
  for (const [name, inner] of Object.entries(value)) {
    if (isSecretField(name) && !declared.has(name) && typeof inner !== 'object') continue;
    kept[name] = withoutSecrets(inner, declared);
  }
  return kept;
}
