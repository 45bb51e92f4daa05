/**
 * Okta's real tool definitions (read from ../shared/registry when present), driven over REST as an
 * agent manages group membership: adding a user to a group is not a create of the group.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { useSimulatorHarness } from '../support/simulator-harness.js';

const oktaFile = ['../../../shared/registry/tools/', '../../../../shared/registry/tools/']
  .map((path) => fileURLToPath(new URL(`${path}@okta__okta-mcp-server.json`, import.meta.url)))
  .find((path) => existsSync(path));

let harness: Harness;
useSimulatorHarness('mcpsim-okta-', (started) => (harness = started));

const ada = '00u1abcdEFGH1234x697';
const grace = '00u1abcdEFGH1234x698';
const engineering = '00g1engABCDE1234x697';
const world = {
  entities: {
    user: {
      [ada]: { id: ada, status: 'ACTIVE', profile: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@acme.test' } },
      [grace]: { id: grace, status: 'ACTIVE', profile: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@acme.test' } },
    },
    group: { [engineering]: { id: engineering, type: 'OKTA_GROUP', profile: { name: 'Engineering' } } },
  },
  facts: [],
};

async function callTool(tool: string, args: Record<string, unknown> = {}) {
  const response = await harness.call('POST', `/connect/trial/okta/.tools/${tool}`, { body: args });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const text = response.body.content[0].text as string;
  return { isError: response.body.isError === true, text, json: text.startsWith('{') ? JSON.parse(text) : null };
}

describe.skipIf(!oktaFile)('Okta, a server the simulator was never tuned on (skipped when ../shared/registry is absent)', () => {
  it('adds a user to a group and lists the group’s users, then removes them', async () => {
    const server = JSON.parse(readFileSync(oktaFile!, 'utf8')) as { displayName: string; tools: unknown[] };
    await harness.call('PUT', '/__mcpsim/servers/@okta/okta-mcp-server', {
      body: { displayName: server.displayName, tools: server.tools },
    });
    await harness.call('PUT', '/namespaces/trial');
    await harness.call('PUT', '/connect/trial/okta', { body: { server: '@okta/okta-mcp-server', mock: { enabled: true } } });
    await harness.call('PUT', '/__mcpsim/connections/trial/okta/simulation', { body: { world } });

    const added = await callTool('add_user_to_group', { group_id: engineering, user_id: ada });
    expect(added.isError, added.text).toBe(false);
    const members = await callTool('list_group_users', { group_id: engineering });
    expect(members.json.users.map((user: { id: string }) => user.id)).toEqual([ada]);
    expect((await callTool('get_group', { group_id: engineering })).json).toMatchObject({ profile: { name: 'Engineering' } });

    await callTool('remove_user_from_group', { group_id: engineering, user_id: ada });
    expect((await callTool('list_group_users', { group_id: engineering })).json.users).toEqual([]);

    // A user the world does not hold is a not-found, not a dangling id in the group's members (issue 36).
    const unknown = await callTool('add_user_to_group', { group_id: engineering, user_id: '00u1nopeABCDE123x000' });
    expect(unknown.isError, unknown.text).toBe(true);
    expect(unknown.text).toMatch(/not found/i);
    expect((await callTool('list_group_users', { group_id: engineering })).json.users).toEqual([]);
  });
});
