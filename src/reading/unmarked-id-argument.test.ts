import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { inferServerShapes } from './tool-operation.js';
import { isSecretArgument } from './secret-arguments.js';

const tool = (name: string, properties: Record<string, unknown>, required: string[] = []): ToolDefinition => ({
  name,
  inputSchema: { type: 'object', properties, required },
});
const text = { type: 'string' };
const idOf = (tools: ToolDefinition[], name: string) => inferServerShapes(tools).get(name)?.idArgument ?? null;

describe('the id argument of a tool whose schema marks nothing required', () => {
  it('is its one id-named argument, though none is marked required', () => {
    const tools = [tool('check_status', { execution_id: text, base_url: text }), tool('get_readme', { owner: text, model_name: text })];
    expect(idOf(tools, 'check_status')).toBe('execution_id');
    expect(idOf(tools, 'get_readme')).toBe('model_name');
  });

  it('is none when two arguments are id-named, or when the schema requires another argument', () => {
    const tools = [
      tool('check_status', { execution_id: text, run_id: text }),
      tool('show_status', { execution_id: text, base_url: text }, ['base_url']),
    ];
    expect(idOf(tools, 'check_status')).toBeNull();
    expect(idOf(tools, 'show_status')).toBeNull();
  });

  it("is never the caller's secret", () => {
    const tools = [tool('get_balance', { network: text, address: text, privateKey: text })];
    expect(idOf(tools, 'get_balance')).toBeNull();
    expect(idOf([tool('get_balance', { network: text, bucketName: text, privateKey: text })], 'get_balance')).toBe('bucketName');
  });
});

describe('a secret argument', () => {
  it('is a password, a private or API key, or an access token, not a key or token that names a record', () => {
    expect(['privateKey', 'api_key', 'password', 'access_token', 'clientSecret'].filter(isSecretArgument)).toHaveLength(5);
    expect(['featureFlagKey', 'projectKey', 'page_token', 'key', 'secret_name'].some(isSecretArgument)).toBe(false);
  });
});
