/**
 * An entity named by the key the caller picks, over the real platform (a real SQLite file,
 * `app.fetch` in process), with no model: an alarm's tools take `identifier` with `identifier_kind: id | alias`,
 * so an alarm created with an alias is read, acknowledged and closed by that alias, an alias no alarm
 * has is a not-found, and the state a lifecycle verb sets goes where the list's `sort` enum says
 * the alarm keeps it (an `acknowledged` flag, a `status`).
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { mockOnTools, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-selected-keys-', (started) => (harness = started));

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });
const text = { type: 'string' };
const named = {
  identifier: { type: 'string', description: 'Which alarm' },
  identifier_kind: { type: 'string', enum: ['id', 'alias'], description: 'How identifier names the alarm (default: id)' },
};
const tools = [
  {
    name: 'create_alarm',
    description: 'Create a new alarm for the on-call engineer.',
    inputSchema: object({ summary: text, alias: { type: 'string', description: 'Your own key for the alarm' } }, ['summary']),
  },
  { name: 'get_alarm', description: 'Show one alarm.', inputSchema: object(named, ['identifier']) },
  { name: 'acknowledge_alarm', description: 'Acknowledge an alarm.', inputSchema: object(named, ['identifier']) },
  { name: 'close_alarm', description: 'Close an alarm.', inputSchema: object(named, ['identifier']) },
  {
    name: 'list_alarms',
    description: 'List alarms.',
    inputSchema: object({ sort: { type: 'string', enum: ['createdAt', 'acknowledged', 'status'] } }),
  },
];

describe('an entity named by the key the caller picks', () => {
  it('reads, acknowledges and closes an alarm by its alias, and answers a not-found for an alias no alarm has', async () => {
    const call = await mockOnTools(harness, { namespace: 'oncall', connection: 'pager', tools });

    const raised = await call('create_alarm', { summary: 'Disk full on db-1', alias: 'db-1-disk' });
    const byAlias = { identifier: 'db-1-disk', identifier_kind: 'alias' };
    expect(await call('get_alarm', byAlias)).toMatchObject({ summary: 'Disk full on db-1', alias: 'db-1-disk' });
    expect(await call('acknowledge_alarm', byAlias)).toMatchObject({ summary: 'Disk full on db-1', acknowledged: true });
    expect(await call('close_alarm', byAlias)).toMatchObject({ acknowledged: true, status: 'closed' });
    const read = await call('get_alarm', byAlias);
    expect(read).toMatchObject({ summary: 'Disk full on db-1', acknowledged: true, status: 'closed' });
    expect(read).not.toHaveProperty('identifier_kind');
    expect((await call('list_alarms', {})).alarms).toHaveLength(1);
    expect(JSON.stringify(raised)).not.toContain('"sort"');

    const missing = await harness.call('POST', '/connect/oncall/pager/.tools/get_alarm', {
      body: { identifier: 'never-raised', identifier_kind: 'alias' },
    });
    expect(missing.body.isError).toBe(true);
    expect(missing.body.content[0].text).toMatch(/not found/i);
  });
});
