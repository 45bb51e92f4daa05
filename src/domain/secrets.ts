/**
 * Secrets of a connection outside its encrypted columns: query values a person typed on the setup
 * page (kept encrypted, shown as `***` in `mcpUrl`), and every stored header and query value in
 * text an upstream sent back (an error page that echoes the request), which is scrubbed before it
 * is stored or shown.
 */

/** What a secret value reads as wherever it would be shown. */
export const maskedValue = '***';

/** Values shorter than this are not scrubbed from text: no credential is that short, and "1" or "eu" would garble every message. */
const minScrubbedLength = 4;

/**
 * The URL with the values of `names` shown as `***` (the real ones are stored encrypted apart).
 *
 * @example
 *   maskQueryValues('https://x.test/mcp?key=s3cret&region=eu', ['key']); // 'https://x.test/mcp?key=***&region=eu'
 */
export function maskQueryValues(url: string, names: readonly string[]): string {
  if (names.length === 0) return url;
  const parsed = new URL(url);
  for (const name of names) if (parsed.searchParams.has(name)) parsed.searchParams.set(name, maskedValue);
  return parsed.toString();
}

/**
 * The URL to send upstream: each parameter that reads `***` and has a stored value gets it back.
 * A parameter the client has since set to something else keeps what the client set.
 *
 * @example
 *   revealQueryValues('https://x.test/mcp?key=***', { key: 's3cret' }); // 'https://x.test/mcp?key=s3cret'
 */
export function revealQueryValues(url: string, values: Readonly<Record<string, string>> | null): string {
  if (values === null) return url;
  const parsed = new URL(url);
  let changed = false;
  for (const [name, value] of Object.entries(values)) {
    if (parsed.searchParams.get(name) !== maskedValue) continue;
    parsed.searchParams.set(name, value);
    changed = true;
  }
  return changed ? parsed.toString() : url;
}

/**
 * Every value worth scrubbing from text about a request: header values (and the credential part
 * of `Bearer <credential>`-style values), and query values, each also as the URL and JSON text
 * would spell it. Longest first, so a value is scrubbed before a part of it.
 *
 * @example
 *   toSecretValues({ authorization: 'Bearer abc123' }, 'https://x.test/mcp?key=k%2B1');
 *   // ['Bearer abc123', 'Bearer%20abc123', 'abc123', 'k+1', 'k%2B1', ...]
 */
export function toSecretValues(headers: Readonly<Record<string, string>> | null, url: string | null): string[] {
  const values = new Set<string>();
  const add = (value: string) => addSpellings(values, value);
  for (const value of Object.values(headers ?? {})) {
    add(value);
    // `Bearer abc123`: the credential alone may be echoed too (the scheme word is no secret).
    for (const part of value.split(/\s+/).slice(1)) add(part);
  }
  if (url !== null) {
    try {
      for (const [, value] of new URL(url).searchParams) add(value);
    } catch {
      // Not a URL: nothing to add.
    }
  }
  return [...values].sort((a, b) => b.length - a.length);
}

/** Names of environment variables that hold credentials (`API_KEY`, `GITHUB_TOKEN`, `DB_PASSWORD`, `AUTH`...). */
const credentialName =
  /(?:^|_)(?:[A-Z]*KEY|[A-Z]*TOKEN|SECRETS?|PASSWORD|PASSWD|PASSPHRASE|PASS|PWD|PIN|AUTH|CREDENTIALS?|COOKIE|SESSION)(?:_|$)/i;
/** A value this long is scrubbed whatever its name, unless it is a plain word or number (`production`, `30000000`). */
const envValueLength = 8;

/**
 * The values of a local server's environment (`--env KEY=VALUE` of `mcpsim uplink` and `capture`,
 * `serve --uplink`, a scenario's `uplink.env`) to scrub from what the server says before it is
 * stored, logged or written: the value of a credential-like name (at least 4 characters), and
 * any other value of at least 8 characters that is not a plain lowercase word or a number. Short
 * and plain values (`DEBUG=1`, `NODE_ENV=production`, `PORT=3000`) are left alone: scrubbing them
 * would garble every result that says "production". Spelled as for `toSecretValues`, longest first.
 *
 * @example
 *   toEnvSecretValues({ API_KEY: 'abc123', NODE_ENV: 'production', DATA: '/home/me/notes.db' });
 *   // ['/home/me/notes.db', '%2Fhome%2Fme%2Fnotes.db', ..., 'abc123']
 */
export function toEnvSecretValues(env: Readonly<Record<string, string>> | undefined): string[] {
  const values = new Set<string>();
  for (const [name, value] of Object.entries(env ?? {})) {
    const plain = /^(?:[a-z]+|[0-9]+)$/.test(value);
    if (credentialName.test(name) || (value.length >= envValueLength && !plain)) addSpellings(values, value);
  }
  return [...values].sort((a, b) => b.length - a.length);
}

/** The value's spellings (domain/secrets.ts `toSecretSpellings`), each long enough to scrub. */
function addSpellings(values: Set<string>, value: string): void {
  for (const spelling of toSecretSpellings(value)) if (spelling.length >= minScrubbedLength) values.add(spelling);
}

/** A base64 run shorter than this is not scrubbed as part of a longer one: it would match by chance. */
const minBase64Fragment = 8;

/**
 * Every way a value may be spelled where it is echoed: as it is, URL- and form-encoded, inside a
 * JSON string, and in base64 and base64url, whole and as the run of characters it shows as
 * inside a longer encoded text at any byte offset (so `Basic <user:secret>` or a blob that holds
 * it gives it away too).
 *
 * @example
 *   toSecretSpellings('a b/c'); // ['a b/c', 'a%20b%2Fc', 'a+b%2Fc', 'YSBiL2M=', 'YSBiL2M', ...]
 */
export function toSecretSpellings(value: string): string[] {
  const spellings = new Set([
    value,
    encodeURIComponent(value),
    new URLSearchParams({ v: value }).toString().slice(2),
    JSON.stringify(value).slice(1, -1),
  ]);
  const bytes = new TextEncoder().encode(value);
  for (let offset = 0; offset < 3; offset++) {
    const padded = new Uint8Array(offset + bytes.length);
    padded.set(bytes, offset);
    const encoded = btoa(String.fromCharCode(...padded));
    if (offset === 0) spellings.add(encoded).add(encoded.replace(/=+$/, ''));
    // Only the groups of four characters made of the value's bytes alone: the first group mixes in what came before, the last what comes after.
    const whole = Math.floor((offset + bytes.length) / 3) * 4;
    const fragment = encoded.slice(offset === 0 ? 0 : 4, whole);
    if (fragment.length >= minBase64Fragment) spellings.add(fragment);
  }
  for (const spelling of [...spellings])
    if (/^[A-Za-z0-9+/=]+$/.test(spelling) && /[+/]/.test(spelling))
      spellings.add(spelling.replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, ''));
  return [...spellings];
}

/**
 * A JSON value with every secret value scrubbed from its strings (object keys too), as
 * `scrubSecrets` does text; a copy, the value itself is left as it is.
 *
 * @example
 *   scrubJsonSecrets({ name: 'srv-abc123' }, ['abc123']); // { name: 'srv-***' }
 */
export function scrubJsonSecrets<T>(value: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return value;
  const visit = (current: unknown): unknown => {
    if (typeof current === 'string') return scrubSecrets(current, secrets);
    if (Array.isArray(current)) return current.map(visit);
    if (current === null || typeof current !== 'object') return current;
    // fromEntries defines own properties, so a key named "__proto__" stays a plain key.
    return Object.fromEntries(Object.entries(current).map(([key, item]) => [scrubSecrets(key, secrets), visit(item)]));
  };
  return visit(value) as T;
}

/**
 * The text with every secret value replaced by `***`.
 *
 * @example
 *   scrubSecrets('echo: Authorization: Bearer abc123', ['Bearer abc123', 'abc123']); // 'echo: Authorization: ***'
 */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let scrubbed = text;
  for (const secret of secrets) if (scrubbed.includes(secret)) scrubbed = scrubbed.replaceAll(secret, maskedValue);
  return scrubbed;
}
