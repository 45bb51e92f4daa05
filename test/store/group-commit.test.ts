/**
 * The memory log commits calls in groups (src/store/call-batch.ts, in the per-turn commit of group-commit.ts): these tests hold it to its
 * promise that no client ever sees an answer whose call is not yet on disk, read through a second
 * SQLite connection as another process would.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../src/domain/clock.js';
import { createMockToolRunner } from '../../src/sim/mock-tool-runner.js';
import { createStores } from '../../src/store/stores.js';
import { useDiskHarness } from '../support/disk-harness.js';

describe('group commit of the memory log', () => {
  const opened = useDiskHarness();

  const storedSequences = (connectionId: string): number[] =>
    opened.disk
      .prepare<[string], { sequence: number }>(
        `SELECT m.sequence FROM memory_calls m JOIN connections c ON c.seq = m.connection_seq WHERE c.connection_id = ? ORDER BY m.sequence`,
      )
      .all(connectionId)
      .map((row) => row.sequence);

  const callTime = (connectionId: string, id: number) =>
    opened.harness.call('POST', `/connect/demo/${connectionId}/mcp`, {
      body: {
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name: 'get_current_time', arguments: { timezone: `Etc/GMT-${id % 12}` } },
      },
      headers: { accept: 'application/json, text/event-stream' },
    });

  it('answers each of 30 concurrent calls only once its row is committed, in sequence order', async () => {
    expect(
      (await opened.harness.call('PUT', '/connect/demo/burst', { body: { server: '@modelcontextprotocol/time', mock: { enabled: true } } }))
        .status,
    ).toBe(201);
    const seenAtAnswer: { sequence: number; stored: number[] }[] = [];
    await Promise.all(
      Array.from({ length: 30 }, async (_, index) => {
        const response = await callTime('burst', index + 1);
        expect(response.status).toBe(200);
        const sequence = response.body.result._meta['mcpsim/sequence'] as number;
        seenAtAnswer.push({ sequence, stored: storedSequences('burst') });
      }),
    );
    expect(seenAtAnswer.map((seen) => seen.sequence).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, index) => index + 1));
    for (const { sequence, stored } of seenAtAnswer) expect(stored).toContain(sequence);
    expect(storedSequences('burst')).toEqual(Array.from({ length: 30 }, (_, index) => index + 1));
  });
});

describe('the mock tool runner and the commit of a call', () => {
  it('answers only after the memory says the call is committed, and lets the next call start before that', async () => {
    const stores = createStores({ databaseFile: ':memory:', encryptionKey: randomBytes(32) });
    const commits: (() => void)[] = [];
    const order: string[] = [];
    const memory = {
      ...stores.memory,
      keyFor: () => 1,
      append(...args: Parameters<typeof stores.memory.append>) {
        order.push(`appended ${args[1].sequence}`);
        void stores.memory.append(...args).catch(() => undefined);
        return new Promise<boolean>((resolve) => commits.push(() => resolve(true)));
      },
    };
    const runner = createMockToolRunner({
      registry: {
        get: () => ({ displayName: 'Echo', description: '', tools: [{ name: 'echo', inputSchema: { type: 'object' } }] }) as never,
        revision: () => '1',
      },
      memory,
      clock: createManualClock('2026-01-01T00:00:00.000Z'),
      toolResults: { resolve: async () => ({ source: 'fixture', result: { content: [{ type: 'text', text: 'ok' }] } }) },
    });
    const connection = { key: 1, namespace: 'ns', connectionId: 'c', server: '@acme/echo' } as never;
    const place = { accountId: 'a', namespaceId: 1, origin: 'http://x' };
    const first = runner.run(connection, 'echo', {}, place).then(() => order.push('answered 1'));
    const second = runner.run(connection, 'echo', {}, place).then(() => order.push('answered 2'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual(['appended 1', 'appended 2']);
    commits.shift()!();
    await first;
    expect(order).toEqual(['appended 1', 'appended 2', 'answered 1']);
    commits.shift()!();
    await second;
    expect(order.at(-1)).toBe('answered 2');
    stores.close();
  });
});
