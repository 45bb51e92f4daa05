import { expect } from 'vitest';
import type { Harness } from './harness.js';

/** Mints a token with `POST /tokens` as `key` (default the API key); fails the test unless it answers 200. */
export async function mint(harness: Harness, policy?: unknown[], key?: string): Promise<string> {
  const response = await harness.call('POST', '/tokens', {
    ...(policy === undefined ? {} : { body: { policy } }),
    ...(key === undefined ? {} : { key }),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.token as string;
}

/** Mints a chain: the first policy from the API key, each next one from the token before. */
export async function mintChain(harness: Harness, policies: unknown[][]): Promise<string> {
  let token: string | undefined;
  for (const policy of policies) token = await mint(harness, policy, token);
  if (token === undefined) throw new Error('mintChain needs at least one policy');
  return token;
}

/** A namespace with connections of the given metadata, written with the API key. */
export async function seedConnections(
  harness: Harness,
  namespace: string,
  connections: Record<string, Record<string, unknown> | null>,
): Promise<void> {
  await harness.call('PUT', `/namespaces/${namespace}`);
  for (const [id, metadata] of Object.entries(connections)) {
    const response = await harness.call('PUT', `/connect/${namespace}/${id}`, {
      body: { mcpUrl: `https://${id}.test/mcp`, ...(metadata ? { metadata } : {}) },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
  }
}

export const ids = (body: { connections: { connectionId: string }[] }) => body.connections.map((connection) => connection.connectionId);
