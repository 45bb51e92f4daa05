/**
 * A record named by its address over the wire (issue 36): a chain-like token service (tools written for
 * this test) served by the platform in process, called with the MCP SDK's client. A blockchain names a
 * contract, token or account by its address, so `get_token_info(tokenAddress)` names a token as
 * `get_token(token_id)` would: a created token carries an address, a read by it finds that token, and an
 * address no token has is a not-found.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../src/domain/registry.js';
import { createToolResults } from '../../src/sim/tool-results.js';
import { startHarness } from '../support/harness.js';
import { connectMockClient } from '../support/mock-client.js';

const emptyFixtures = mkdtempSync(join(tmpdir(), 'mcpsim-address-key-'));
afterAll(() => rmSync(emptyFixtures, { recursive: true, force: true }));

const object = (properties: Record<string, unknown>, required: string[]) => ({ type: 'object' as const, properties, required });
const text = { type: 'string' };
const tools: ToolDefinition[] = [
  {
    name: 'create_token',
    description: 'Create a new token',
    inputSchema: object({ name: text, symbol: text, network: text }, ['name', 'symbol']),
  },
  {
    name: 'get_token_info',
    description: 'Get token information',
    inputSchema: object({ tokenAddress: { type: 'string', description: 'The token contract address' }, network: text }, ['tokenAddress']),
  },
];

describe('a token named by its address, over MCP', () => {
  it('is read by the address its create answered, and an unknown address is not found', async () => {
    const harness = await startHarness('in-process', {
      toolResults: createToolResults({ fixturesDir: emptyFixtures, missPolicy: 'simulate' }),
    });
    const { call, close } = await connectMockClient(harness, { name: 'chain', tools });
    try {
      const first = await call('create_token', { name: 'Walk Token', symbol: 'WALK' });
      expect(first.isError, first.text).toBe(false);
      const created = JSON.parse(first.text) as { address?: unknown };
      expect(typeof created.address, first.text).toBe('string');

      const read = await call('get_token_info', { tokenAddress: created.address });
      expect(read.isError, read.text).toBe(false);
      expect(JSON.parse(read.text)).toMatchObject({ symbol: 'WALK', address: created.address });
      expect((await call('get_token_info', { tokenAddress: 'no-such-address' })).isError).toBe(true);
    } finally {
      await close();
      await harness.close();
    }
  });
});
