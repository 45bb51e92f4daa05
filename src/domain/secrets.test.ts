import { describe, expect, it } from 'vitest';
import { scrubJsonSecrets, scrubSecrets, toEnvSecretValues, toSecretSpellings } from './secrets.js';

describe('toEnvSecretValues', () => {
  it('takes every value of a credential-like name, and long values of any name that are not a plain word or number', () => {
    const values = toEnvSecretValues({
      API_KEY: 'abc1',
      GITHUB_TOKEN: 'ghtok',
      DB_PASSWORD: 'hunter',
      DATA_FILE: '/home/me/notes.db',
      SETTING: 'plum-orchard-7731',
      NODE_ENV: 'production',
      TIMEOUT_MS: '30000000',
      DEBUG: '1',
      REGION: 'eu-west',
    });
    for (const kept of ['abc1', 'ghtok', 'hunter', '/home/me/notes.db', '%2Fhome%2Fme%2Fnotes.db', 'plum-orchard-7731'])
      expect(values).toContain(kept);
    for (const left of ['production', '30000000', '1', 'eu-west']) expect(values).not.toContain(left);
  });

  it('lists the longest spelling first, so a value is scrubbed before a part of it', () => {
    const values = toEnvSecretValues({ A_TOKEN: 'abcd', B_TOKEN: 'abcdefgh' });
    expect(values.indexOf('abcdefgh')).toBeLessThan(values.indexOf('abcd'));
    expect(scrubSecrets('x abcdefgh y', values)).toBe('x *** y');
  });
});

describe('scrubJsonSecrets', () => {
  it('scrubs strings and keys at every depth, and keeps everything else', () => {
    const value = { name: 'leaky-s3cret-value', list: [1, 's3cret-value'], 's3cret-value': true, __proto__key: null };
    expect(scrubJsonSecrets(value, ['s3cret-value'])).toEqual({ name: 'leaky-***', list: [1, '***'], '***': true, __proto__key: null });
    expect(value.name).toBe('leaky-s3cret-value');
  });
});

describe('toSecretSpellings', () => {
  const secret = 'plum orchard/7731+lantern?';
  const spellings = toSecretSpellings(secret);

  it('spells the value as is, URL- and form-encoded, JSON-escaped, and in base64 and base64url', () => {
    const bytes = new TextEncoder().encode(secret);
    const base64 = btoa(String.fromCharCode(...bytes));
    for (const form of [
      secret,
      encodeURIComponent(secret),
      'plum+orchard%2F7731%2Blantern%3F',
      base64,
      base64.replaceAll('/', '_').replace(/=+$/, ''),
    ])
      expect(spellings).toContain(form);
    expect(toSecretSpellings('say "hi"\n')).toContain('say \\"hi\\"\\n');
  });

  it('finds the value inside a longer base64 text, whatever came before and after it', () => {
    for (const before of ['', 'a', 'ab', 'abc'])
      for (const after of ['', 'z', 'zz']) {
        const blob = btoa(`${before}${secret}${after}`);
        expect(
          spellings.some((spelling) => blob.includes(spelling)),
          `${before}|${after}`,
        ).toBe(true);
        expect(scrubSecrets(blob, spellings)).toContain('***');
      }
  });
});
