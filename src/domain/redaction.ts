/**
 * Redaction of what a capture writes: values that look like secrets are replaced by a marker
 * such as `[redacted:bearer]` before a fixture, registry entry or scenario is written, and each
 * replacement is reported by JSON path and kind (never the value). Pure.
 */

/** One replacement: where (a JSON path such as `$.result.content[0].text`) and what kind of secret. */
export interface Redaction {
  path: string;
  kind: string;
}

/** A kind of secret and the text that shows it. Patterns must be global (`g`). */
export interface SecretPattern {
  kind: string;
  pattern: RegExp;
}

/** The shapes of credentials that turn up in tool results and arguments; most specific first. */
export const builtInSecretPatterns: readonly SecretPattern[] = [
  { kind: 'bearer', pattern: /\b(?:Bearer|Basic|Token)\s+[A-Za-z0-9._~+/=-]{8,}/g },
  { kind: 'jwt', pattern: /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g },
  { kind: 'private-key', pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g },
  { kind: 'openai-key', pattern: /\bsk-(?:proj-|ant-)?[A-Za-z0-9_-]{16,}/g },
  { kind: 'github-token', pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/g },
  { kind: 'slack-token', pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g },
  { kind: 'aws-access-key', pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g },
  { kind: 'google-api-key', pattern: /\bAIza[0-9A-Za-z_-]{35}\b/g },
  { kind: 'stripe-key', pattern: /\b[rsp]k_(?:live|test)_[A-Za-z0-9]{16,}/g },
];

/** Keys whose string values are secrets whatever they look like. */
const secretKey =
  /^(?:.*[_-])?(?:password|passwd|passphrase|secret|token|api[_-]?key|apikey|authorization|auth|cookie|credentials?|private[_-]?key|client[_-]?secret|access[_-]?key|session[_-]?id)$/i;

/**
 * The JSON Schema keywords that hold a value of the property they describe: under a property named
 * like a secret (`Authorization: {type: 'string', default: 'cal_live_…'}`) that value is one. A
 * server that fills its schemas' defaults from its own environment (Cal.com's MCP server puts the
 * `CAL_API_KEY` it was started with there) would otherwise have its key written with its tools.
 * Not `enum`: `mcpsim verify` compares enums with the live server's, and would report the marker.
 */
const schemaValueKeys = new Set(['default', 'const', 'example', 'examples']);

/** The marker a redacted value reads as. */
export function toRedactionMarker(kind: string): string {
  return `[redacted:${kind}]`;
}

export interface RedactionRules {
  /** Exact values to remove wherever they appear (the connection's stored header and query values), longest first. */
  values?: readonly string[];
  /** User patterns (`--redact <regex>`), reported as kind `pattern`. */
  patterns?: readonly RegExp[];
}

/**
 * The value with every secret replaced by its marker, and the list of what was replaced. Strings
 * are searched for the connection's own values (kind `connection-secret`), the built-in shapes and
 * the user's patterns; a string under a key named like a secret (`password`, `api_key`,
 * `authorization`, ...) is replaced whole (kind `secret-field`), and so is the `default`, `const`
 * or `example(s)` value a schema gives a property named so. Object keys are searched like
 * strings (a server may key a map by what it was given), and reported at the key's path.
 *
 * @example
 *   redactJson({ auth: { token: 'abc123456' }, text: 'use Bearer abcdefgh12345' }, { patterns: [] }, '$');
 *   // { value: { auth: { token: '[redacted:secret-field]' }, text: 'use [redacted:bearer]' },
 *   //   redactions: [{ path: '$.auth.token', kind: 'secret-field' }, { path: '$.text', kind: 'bearer' }] }
 */
export function redactJson(value: unknown, rules: RedactionRules, path = '$'): { value: unknown; redactions: Redaction[] } {
  const redactions: Redaction[] = [];
  const patterns = [
    ...builtInSecretPatterns,
    ...(rules.patterns ?? []).map((pattern) => ({ kind: 'pattern', pattern: toGlobal(pattern) })),
  ];
  const values = (rules.values ?? []).filter((secret) => secret.length > 0);
  const visit = (current: unknown, at: string, key: string | null, secretValue = false): unknown => {
    if (typeof current === 'string') {
      if ((secretValue || (key !== null && secretKey.test(key))) && current !== '' && !isMarker(current)) {
        redactions.push({ path: at, kind: 'secret-field' });
        return toRedactionMarker('secret-field');
      }
      return redactText(current, values, patterns, (kind) => redactions.push({ path: at, kind }));
    }
    if (Array.isArray(current)) return current.map((item, index) => visit(item, `${at}[${index}]`, null, secretValue));
    if (current !== null && typeof current === 'object') {
      const copy: Record<string, unknown> = {};
      for (const [name, item] of Object.entries(current)) {
        const kinds: string[] = [];
        const safeName = redactText(name, values, patterns, (kind) => kinds.push(kind));
        // Reported at the key as written: the path is printed, so it must not show the key it redacts.
        for (const kind of kinds) redactions.push({ path: `${at}${toPathStep(safeName)}`, kind });
        Object.defineProperty(copy, safeName, {
          value: visit(item, `${at}${toPathStep(safeName)}`, name, key !== null && secretKey.test(key) && schemaValueKeys.has(name)),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return copy;
    }
    return current;
  };
  return { value: visit(value, path, null), redactions };
}

/**
 * The text with each of `values` (exact spellings, domain/secrets.ts `toSecretSpellings`) replaced
 * by the `connection-secret` marker: the last word before anything a capture writes reaches the
 * disk, file names included.
 *
 * @example
 *   redactSecretValues('captured__leaky-abc123', ['abc123']); // 'captured__leaky-[redacted:connection-secret]'
 */
export function redactSecretValues(text: string, values: readonly string[]): string {
  return redactText(text, values, [], () => {});
}

/** The text with each secret replaced; `found` is told each kind once per string. */
function redactText(text: string, values: readonly string[], patterns: readonly SecretPattern[], found: (kind: string) => void): string {
  let result = text;
  const kinds = new Set<string>();
  for (const secret of values) {
    if (!result.includes(secret)) continue;
    result = result.replaceAll(secret, toRedactionMarker('connection-secret'));
    kinds.add('connection-secret');
  }
  for (const { kind, pattern } of patterns) {
    pattern.lastIndex = 0;
    if (!pattern.test(result)) continue;
    pattern.lastIndex = 0;
    result = result.replace(pattern, toRedactionMarker(kind));
    kinds.add(kind);
  }
  for (const kind of kinds) found(kind);
  return result;
}

function isMarker(text: string): boolean {
  return /^\[redacted:[a-z-]+\]$/.test(text);
}

function toGlobal(pattern: RegExp): RegExp {
  return pattern.global ? pattern : new RegExp(pattern.source, `${pattern.flags}g`);
}

/** `.name`, or `["odd key"]` for a key that is not an identifier. */
function toPathStep(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`;
}
