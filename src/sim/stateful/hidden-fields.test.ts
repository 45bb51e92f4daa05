import { describe, expect, it } from 'vitest';
import { describedSecrets, withoutSecrets } from './hidden-fields.js';
import { isSecretField } from '../../reading/secret-arguments.js';

describe('hidden fields', () => {
  it('knows secrets by name, and leaves page tokens and token counts alone', () => {
    for (const name of ['secret', 'password', 'client_secret', 'apiKey', 'token', 'access_token', 'webhookSecret'])
      expect(isSecretField(name)).toBe(true);
    for (const name of ['nextPageToken', 'page_token', 'max_tokens', 'token_count', 'secretary', 'name'])
      expect(isSecretField(name)).toBe(false);
  });

  it('leaves secrets out at any depth, unless the output schema declares them', () => {
    const value = { id: 'w1', secret: 's3cr3t', hooks: [{ id: 'h1', password: 'pw' }] };
    expect(withoutSecrets(value)).toEqual({ id: 'w1', hooks: [{ id: 'h1' }] });
    expect(withoutSecrets(value, new Set(['secret']))).toEqual({ id: 'w1', secret: 's3cr3t', hooks: [{ id: 'h1' }] });
  });

  it('shows a secret the description says is returned, and not one it says is never returned', () => {
    const names = ['id', 'secret', 'password', 'url'];
    expect(describedSecrets('Create a webhook. The signing secret is returned only once — save it immediately.', names)).toEqual(
      new Set(['secret']),
    );
    expect(describedSecrets('Create a user. The password is never returned.', names)).toEqual(new Set());
    expect(describedSecrets('Rotate the signing secret of a webhook.', names)).toEqual(new Set());
  });
});
