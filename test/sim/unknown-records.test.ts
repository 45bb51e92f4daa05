/**
 * Ids the service never gave, over the real platform (a real SQLite file, `app.fetch` in process,
 * the stateful simulator alone): once the world holds a set of a type, a read of an opaque record
 * id outside it is a not-found however loosely the read is named (listed-record-ids.ts). From an
 * empty world every id is still news, and made up. (A tool that says it acts on existing records
 * refusing a name no record has: knowledge-graph.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { toolAnswers, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-unknown-records-', (started) => (harness = started));

/** A new mock of the catalog's Slack server on an empty world: its tool calls. */
async function connectSlack(id: string) {
  await harness.call('PUT', '/namespaces/lab');
  const connected = await harness.call('PUT', `/connect/lab/${id}`, {
    body: { server: '@modelcontextprotocol/slack', mock: { enabled: true } },
  });
  expect(connected.status).toBe(201);
  const empty = { world: { entities: {}, facts: [] } };
  expect((await harness.call('PUT', `/__mcpsim/connections/lab/${id}/simulation`, { body: empty })).status).toBe(200);
  return toolAnswers(harness, `lab/${id}`);
}

/** Every `id` an answer shows, at any depth. */
function idsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) idsIn(item, found);
  else if (value !== null && typeof value === 'object')
    for (const [name, item] of Object.entries(value as Record<string, unknown>)) {
      if (name === 'id' && (typeof item === 'string' || typeof item === 'number')) found.push(String(item));
      else idsIn(item, found);
    }
  return found;
}

describe('record ids the service never gave', () => {
  it('makes up a user profile in an empty world', async () => {
    const call = await connectSlack('fresh');
    expect(await call('slack_get_user_profile', { user_id: 'U0FIRSTSEEN' })).not.toHaveProperty('error');
  });

  it('answers a not-found for a user id the listed users lack, and the profile of a listed one', async () => {
    const call = await connectSlack('listed');
    const [listed] = idsIn(await call('slack_get_users', {}));
    expect(listed).toBeDefined();
    expect(await call('slack_get_user_profile', { user_id: listed })).not.toHaveProperty('error');
    expect(await call('slack_get_user_profile', { user_id: 'U0NEVERMADE' })).toEqual({ error: 'User U0NEVERMADE not found' });
  });
});
