import { describe, expect, it } from 'vitest';
import { redactJson, redactSecretValues } from './redaction.js';

describe('redactJson', () => {
  it('replaces each built-in secret shape by its marker and reports path and kind, never the value', () => {
    const samples: Record<string, string> = {
      bearer: 'Authorization: Bearer abcdefgh12345678',
      jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
      'openai-key': 'sk-abcdefghijklmnopqrstuvwx',
      'github-token': 'ghp_abcdefghijklmnopqrstuvwxyz0123456789',
      'slack-token': 'xoxb-1234567890-abcdefghij',
      'aws-access-key': 'AKIAIOSFODNN7EXAMPLE',
    };
    for (const [kind, text] of Object.entries(samples)) {
      const { value, redactions } = redactJson({ note: `see ${text} here` }, {});
      expect(value).toEqual({ note: expect.stringContaining(`[redacted:${kind}]`) });
      expect(JSON.stringify(value)).not.toContain(text.split(' ').at(-1));
      expect(redactions).toEqual([{ path: '$.note', kind }]);
    }
  });

  it('replaces whole values under secret-named keys, the connection values and user patterns; leaves the rest alone', () => {
    const input = {
      user: { password: 'hunter2', api_key: 'plain', name: 'Ada' },
      items: [{ 'odd key': 'value-of-conn-secret', count: 3 }],
      text: 'order ORD-991 shipped',
    };
    const { value, redactions } = redactJson(input, { values: ['value-of-conn-secret'], patterns: [/ORD-\d+/] });
    expect(value).toEqual({
      user: { password: '[redacted:secret-field]', api_key: '[redacted:secret-field]', name: 'Ada' },
      items: [{ 'odd key': '[redacted:connection-secret]', count: 3 }],
      text: 'order [redacted:pattern] shipped',
    });
    expect(redactions).toEqual([
      { path: '$.user.password', kind: 'secret-field' },
      { path: '$.user.api_key', kind: 'secret-field' },
      { path: '$.items[0]["odd key"]', kind: 'connection-secret' },
      { path: '$.text', kind: 'pattern' },
    ]);
    expect(input.user.password).toBe('hunter2');
  });

  it("replaces the default, const and examples a tool's schema gives a secret-named property, and nothing else of it", () => {
    const tool = {
      name: 'cancelBooking',
      inputSchema: {
        properties: {
          Authorization: { type: 'string', description: 'Bearer key', default: 'cal_live_0123456789abcdef', examples: ['cal_live_x1'] },
          api_key: { type: 'string', const: 'k-123', enum: ['k-123'] },
          status: { type: 'string', default: 'cancelled', enum: ['cancelled'] },
        },
      },
    };
    const { value, redactions } = redactJson(tool, {});
    expect(value).toEqual({
      name: 'cancelBooking',
      inputSchema: {
        properties: {
          Authorization: {
            type: 'string',
            description: 'Bearer key',
            default: '[redacted:secret-field]',
            examples: ['[redacted:secret-field]'],
          },
          api_key: { type: 'string', const: '[redacted:secret-field]', enum: ['k-123'] },
          status: { type: 'string', default: 'cancelled', enum: ['cancelled'] },
        },
      },
    });
    expect(redactions.map((redaction) => redaction.path)).toEqual([
      '$.inputSchema.properties.Authorization.default',
      '$.inputSchema.properties.Authorization.examples[0]',
      '$.inputSchema.properties.api_key.const',
    ]);
  });

  it('redacts object keys too, and reports them at the key as written', () => {
    const { value, redactions } = redactJson({ byKey: { 'key-abc123456': 1 } }, { values: ['abc123456'] });
    expect(value).toEqual({ byKey: { 'key-[redacted:connection-secret]': 1 } });
    expect(redactions).toEqual([{ path: '$.byKey["key-[redacted:connection-secret]"]', kind: 'connection-secret' }]);
  });

  it('finds nothing in ordinary text and numbers', () => {
    expect(redactJson({ title: 'Tokens are fun', id: 12, sku: 'skip-this' }, {}).redactions).toEqual([]);
  });
});

describe('redactSecretValues', () => {
  it('replaces each value by the connection-secret marker, in any text', () => {
    expect(redactSecretValues('fixtures/captured__leaky-abc123/show.json', ['abc123'])).toBe(
      'fixtures/captured__leaky-[redacted:connection-secret]/show.json',
    );
  });
});
