/**
 * The mock tool runner hands on the events of a replayed recording (a captured fixture entry's
 * `events`), so the mock's session can send them before the result; answers that are not a
 * replayed recording have none.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../src/domain/clock.js';
import type { ToolEvent } from '../../src/domain/tool-event.js';
import { createReplaySource } from '../../src/sim/fixtures/replay-source.js';
import { createMockToolRunner } from '../../src/sim/mock-tool-runner.js';
import { createStores } from '../../src/store/stores.js';

describe('the mock tool runner and recorded events', () => {
  it('tells the caller the events of the fixture entry that answered, before it answers', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'mcpsim-runner-events-'));
    mkdirSync(join(directory, 'captured__echo'));
    const events: ToolEvent[] = [{ kind: 'notification', method: 'notifications/message', params: { level: 'info', data: 'working' } }];
    const text = (value: string) => ({ content: [{ type: 'text', text: value }] });
    writeFileSync(
      join(directory, 'captured__echo', 'echo.json'),
      JSON.stringify({ calls: [{ arguments: {}, occurrence: 1, model: null, result: text('recorded'), events }] }),
    );
    const stores = createStores({ databaseFile: ':memory:', encryptionKey: randomBytes(32) });
    const runner = createMockToolRunner({
      registry: {
        get: () => ({ displayName: 'Echo', description: '', tools: [{ name: 'echo', inputSchema: { type: 'object' } }] }) as never,
        revision: () => '1',
      },
      memory: { ...stores.memory, keyFor: () => 1 },
      clock: createManualClock('2026-01-01T00:00:00.000Z'),
      toolResults: createReplaySource({ directory }),
    });
    const connection = { key: 1, namespace: 'ns', connectionId: 'c', server: '@captured/echo' } as never;
    const place = { accountId: 'a', namespaceId: 1, origin: 'http://x' };
    const heard: (readonly ToolEvent[])[] = [];
    const first = await runner.run(connection, 'echo', {}, place, undefined, { onEvents: (given) => void heard.push(given) });
    expect(first?.content).toEqual(text('recorded').content);
    expect(heard).toEqual([events]);
    // A call with no recording is a miss, with no events.
    await runner.run(connection, 'echo', { other: 1 }, place, undefined, { onEvents: (given) => void heard.push(given) });
    expect(heard).toHaveLength(1);
    stores.close();
  });
});
