/**
 * Secrets a call gives are kept, not shown: a real service stores a webhook's `secret` or a user's
 * `password` and never echoes it back. The world keeps the field (a later update or check may
 * need it); answers leave it out, unless the tool says it shows it: its output schema declares the
 * field, or its description says the secret is returned ("The signing secret is returned only once
 * — save it immediately": the create shows it, later reads do not).
 */
import { isSecretField } from '../../reading/secret-arguments.js';

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

/** A sentence that says something is handed back: `is returned only once`, `shown once`, `Returns the token`. */
const handedBack = /\b(?:returns?|returned|shows?|shown|displays?|displayed|reveals?|revealed)\b/i;

/**
 * The secret fields of `names` a tool's description says it hands back: a sentence that says a
 * thing is returned or shown and names the field's last word (`signing secret` → `secret`).
 *
 * @example
 *   describedSecrets('Create a webhook. The signing secret is returned only once.', ['id', 'secret']); // Set { 'secret' }
 */
export function describedSecrets(description: string | undefined, names: Iterable<string>): Set<string> {
  const sentences = (description ?? '')
    .split(/(?<=[.!?])\s+|\n+/)
    .filter((sentence) => handedBack.test(sentence) && !/\b(?:never|not|without|masked|redacted)\b|n't\b/i.test(sentence));
  const shown = new Set<string>();
  if (sentences.length === 0) return shown;
  for (const name of names) {
    if (!isSecretField(name)) continue;
    const last = name
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .split(/[\s_-]+/)
      .at(-1)!
      .toLowerCase();
    if (sentences.some((sentence) => new RegExp(String.raw`\b${last}s?\b`, 'i').test(sentence))) shown.add(name);
  }
  return shown;
}
