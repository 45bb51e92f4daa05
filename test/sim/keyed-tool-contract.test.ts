/**
 * A tool that names its record by a key the record holds (`get_user(username)`, `update_user(username,
 * location)`, as Discourse's do): what `mcpsim explain --json` says of it (its id argument, the type's
 * id field and other keys) is what the simulator does with a real call over MCP (the SDK client through
 * `app.fetch`, a real SQLite file, no model). Tools written for this test.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { CliIo } from '../../src/cli/io.js';
import type { EntityType } from '../../src/reading/read-server.js';
import type { ToolDefinition } from '../../src/domain/registry.js';
import type { Harness } from '../support/harness.js';
import { useSimulatorHarness } from '../support/simulator-harness.js';
import { connectMockClient } from '../support/mock-client.js';

let harness: Harness;
useSimulatorHarness('mcpsim-keyed-tool-contract-', (started) => (harness = started));
const scratch = mkdtempSync(join(tmpdir(), 'mcpsim-keyed-tool-explain-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });
const text = { type: 'string' };
const tools: ToolDefinition[] = [
  { name: 'create_user', inputSchema: object({ username: text, name: text, email: text }, ['username', 'name', 'email']) },
  { name: 'get_user', inputSchema: object({ username: text }, ['username']) },
  { name: 'update_user', inputSchema: object({ username: text, location: text }, ['username']) },
  { name: 'delete_user', inputSchema: object({ username: text }, ['username']) },
  { name: 'list_users', inputSchema: object({ limit: { type: 'integer' } }) },
  { name: 'list_user_posts', inputSchema: object({ post_id: { type: 'integer' }, username: text }, ['username']) },
];

type Explained = { tool: string; operation: string; entity: string; idArgument: string | null };

async function explain(): Promise<{ tools: Map<string, Explained>; types: Map<string, EntityType> }> {
  const file = join(scratch, 'forum.json');
  writeFileSync(file, JSON.stringify({ tools }));
  let stdout = '';
  const io: CliIo = { stdout: (written) => void (stdout += written), stderr: () => {}, env: {}, onShutdownSignal: () => {} };
  expect(await main(['explain', '--json', file], io)).toBe(0);
  const [connection] = (JSON.parse(stdout) as { connections: { tools: Explained[]; entityTypes: EntityType[] }[] }).connections;
  return {
    tools: new Map(connection!.tools.map((tool) => [tool.tool, tool])),
    types: new Map(connection!.entityTypes.map((type) => [type.name, type])),
  };
}

describe('a tool keyed by a field its record holds', () => {
  it('is read with that key as its id argument, another key of the type beside its id, and answered so', async () => {
    const explained = await explain();
    expect(explained.tools.get('get_user')).toMatchObject({ operation: 'read', entity: 'user', idArgument: 'username' });
    expect(explained.tools.get('update_user')).toMatchObject({ operation: 'update', entity: 'user', idArgument: 'username' });
    expect(explained.tools.get('delete_user')).toMatchObject({ operation: 'delete', entity: 'user', idArgument: 'username' });
    // A list that takes the key is scoped by it, never named by it.
    expect(explained.tools.get('list_user_posts')).toMatchObject({ operation: 'list', idArgument: null });
    const user = explained.types.get('user')!;
    expect(user.idField).toBe('id');
    expect(user.keys.map((key) => key.field)).toEqual(['username']);

    const { call, close } = await connectMockClient(harness, { name: 'forum', tools });
    try {
      const carla = (await call('create_user', { username: 'carla_r', name: 'Carla Rossi', email: 'carla@example.com' })).json;
      await call('create_user', { username: 'ben_c', name: 'Ben Carter', email: 'ben@example.com' });
      // The simulator reads each call as explain does.
      for (const name of ['get_user', 'update_user', 'delete_user']) {
        const said = explained.tools.get(name)!;
        const answer = await call(name, name === 'delete_user' ? { username: 'ben_c' } : { username: 'carla_r', location: 'Milan' });
        expect(answer.isError, answer.text).toBe(false);
        expect(answer.meta['mcpsim/operation'], name).toMatchObject({
          operation: said.operation,
          entity: said.entity,
          idArgument: said.idArgument,
        });
      }
      // The record the key finds is the created one, under the id field explain names, changed in place.
      const read = (await call('get_user', { username: 'carla_r' })).json;
      expect(read).toMatchObject({ [user.idField]: carla[user.idField], username: 'carla_r', location: 'Milan' });
      const listed = (await call('list_users')).json.users as { username: string; id: unknown }[];
      expect(listed.map((listedUser) => listedUser.username)).toContain('carla_r');
      expect(listed.map((listedUser) => listedUser.username)).not.toContain('ben_c');
      expect(listed.every((listedUser) => listedUser.id !== undefined)).toBe(true);
      // A key no record holds is the service's not-found, as an id no write made is.
      const missing = await call('update_user', { username: 'ben_c', location: 'Oslo' });
      expect(missing.isError, missing.text).toBe(true);
      expect(missing.text).toContain('ben_c');
    } finally {
      await close();
    }
  });
});
