/**
 * One field names a record of a type, the service model's (`mcpsim explain`'s `named by`,
 * reading/name-field.ts): through real servers' tools (test/sim/servers/, bench/corpus of the
 * tuning half) on the real platform in process, a new mock's starting world, a record its
 * description names and a record a create makes all carry their name in that field.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { describedMock, toolAnswers, useSimulatorHarness } from '../support/simulator-harness.js';
import { readServer } from '../../src/reading/read-server.js';
import type { ToolDefinition } from '../../src/domain/registry.js';
import { toStartingWorld } from '../../src/sim/stateful/starting-world.js';

let harness: Harness;
useSimulatorHarness('mcpsim-one-name-field-', (started) => (harness = started));

interface Case {
  file: string;
  server: string;
  type: string;
  /** The field the service names the type by, as its API spells it. */
  field: string;
  /** How a description names one (`One customer called "…".`). */
  word: string;
  create: string;
  args: (name: string) => Record<string, unknown>;
}

const cases: Case[] = [
  {
    file: '../../test/sim/servers/twilio-conversations-tools.json',
    server: '@twilio-alpha/mcp',
    type: 'conversation',
    field: 'FriendlyName',
    word: 'conversation',
    create: 'TwilioConversationsV1--CreateConversation',
    args: (name) => ({ FriendlyName: name }),
  },
  {
    file: '../../bench/corpus/servers/casys__mcp-erpnext.json',
    server: '@casys/mcp-erpnext',
    type: 'customer',
    field: 'customer_name',
    word: 'customer',
    create: 'erpnext_customer_create',
    args: (name) => ({ customer_name: name }),
  },
  {
    file: '../../bench/corpus/servers/tacticlaunch__mcp-linear.json',
    server: '@tacticlaunch/mcp-linear',
    type: 'comment',
    field: 'body',
    word: 'comment',
    create: 'linear_createComment',
    args: (name) => ({ body: name }),
  },
];

const toolsOf = (file: string): ToolDefinition[] => {
  const data = JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as ToolDefinition[] | { tools: ToolDefinition[] };
  return Array.isArray(data) ? data : data.tools;
};

async function worldOf(connection: string): Promise<Record<string, Record<string, Record<string, unknown>>>> {
  const memory = await harness.call('GET', `/__mcpsim/connections/${connection}/memory`);
  expect(memory.status, JSON.stringify(memory.body)).toBe(200);
  return memory.body.world.entities;
}

describe('the one field that names a record', () => {
  it.each(cases)('names a $type of $server in $field: explain, the starting world, a described and a created record', async (one) => {
    const tools = toolsOf(one.file);
    const model = readServer(tools, { serverNames: [one.server] });
    // The service's own field, as explain shows it: the one every record below carries.
    expect(model.entityTypes.get(one.type)?.nameField).toBe(one.field);

    await describedMock(harness, {
      server: one.server,
      displayName: one.server,
      tools,
      namespace: 'names',
      connection: `described-${one.type}`,
      scenario: `One ${one.word} called "Quarterly review".`,
    });
    const described = Object.values((await worldOf(`names/described-${one.type}`))[one.type] ?? {});
    expect(described).toEqual([expect.objectContaining({ [one.field]: 'Quarterly review' })]);

    await harness.call('PUT', `/connect/names/new-${one.type}`, { body: { server: one.server, mock: { enabled: true } } });
    // Every example the starting world makes up is named in its type's field (the signed-in user aside).
    const started = Object.entries(await worldOf(`names/new-${one.type}`)).filter(([type]) => type !== 'me');
    expect(started.length).toBeGreaterThan(0);
    for (const [type, records] of started)
      for (const record of Object.values(records)) expect(record[model.idTraitsOf(type).nameField], type).toEqual(expect.any(String));

    const created = await toolAnswers(harness, `names/new-${one.type}`)(one.create, one.args('Launch plan'));
    expect(created.error).toBeUndefined();
    const held = Object.values((await worldOf(`names/new-${one.type}`))[one.type] ?? {});
    expect(held).toContainEqual(expect.objectContaining({ [one.field]: 'Launch plan' }));
  });

  it('names every example of every server in test/sim/servers in the field explain shows for its type', () => {
    const files = readdirSync(new URL('./servers/', import.meta.url)).filter((file) => file.endsWith('.json'));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const model = readServer(toolsOf(`./servers/${file}`), { serverNames: [file.replace(/-tools\.json$/, '')] });
      const world = toStartingWorld(model, '2026-01-01T00:00:00.000Z');
      for (const [type, records] of Object.entries(world.entities)) {
        // The signed-in person (`default`, currentUser) is named as a person is: login, name, email.
        for (const [id, record] of Object.entries(records))
          if (id !== 'default') expect(record, `${file} ${type}`).toHaveProperty(model.idTraitsOf(type).nameField);
      }
    }
  });
});
