/**
 * A restart changes nothing the model reads: the prompts of the calls after a platform is closed
 * and opened again on its data dir are byte-identical to those of the same calls in a session that
 * never stopped. After the restart the history's earlier calls are found through their words on
 * disk (store/call-terms.ts, sim/model/call-terms.ts) instead of being tokenized again, so this is
 * what proves the two indexes agree: tokens, pairs, capitals, argument values of several words,
 * ids with dashes, failed calls.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { MockLanguageModelV3 } from 'ai/test';
import { afterAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../src/domain/clock.js';
import { createPlatform, type Platform } from '../../src/platform/platform.js';
import type { ModelOutput } from '../../src/sim/model/model-output.js';
import { createToolResults } from '../../src/sim/tool-results.js';
import { readWorldSection } from '../support/prompt-world-reader.js';

const apiKey = 'restart-key-0123456789abcdef';
const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const crm = {
  displayName: 'Acme CRM',
  description: 'Contacts of the Acme sales team.',
  tools: [
    {
      name: 'create_contact',
      description: 'Create a contact.',
      inputSchema: { type: 'object', properties: { name: { type: 'string' }, email: { type: 'string' }, note: { type: 'string' } } },
    },
    { name: 'get_contact', description: 'Get a contact by id.', inputSchema: { type: 'object', properties: { id: { type: 'string' } } } },
    { name: 'list_contacts', description: 'List contacts.', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } },
  ],
};
const names = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Edsger Dijkstra', 'Barbara Liskov', 'Donald Knuth', 'Frances Allen'];
const cities = ['Berlin', 'Paris', 'Lisbon'];
const notes = ['Met at the Berlin fair.', 'Wants a demo next week.', 'Prefers email over calls.', 'VIP customer since 2019.'];

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** The CRM as a pure function of the prompt (the fake model sees only what the prompt carries). */
function answer(prompt: string): ModelOutput {
  const [, tool, argumentsJson] = /^call #\d+(?: \(made before, [^)]*\))?: (\S+) (.*)$/m.exec(prompt)!;
  const args = JSON.parse(argumentsJson!) as Record<string, string>;
  const contacts = readWorldSection(prompt)?.entities.contact ?? {};
  const none = { upserts: [], deletes: [], facts: [] };
  if (tool === 'create_contact') {
    const id = `c-${slug(args.name!)}`;
    const fields = { name: args.name, email: args.email, note: args.note, city: cities[args.name!.length % 3] };
    return {
      text: JSON.stringify({ id, ...fields }),
      structuredContentJson: null,
      isError: false,
      changes: { ...none, upserts: [{ type: 'contact', id, fieldsJson: JSON.stringify(fields) }] },
    };
  }
  if (tool === 'get_contact') {
    const fields = contacts[args.id!];
    if (!fields) return { text: `No contact ${args.id}`, structuredContentJson: null, isError: true, changes: none };
    return { text: JSON.stringify({ id: args.id, ...fields }), structuredContentJson: null, isError: false, changes: none };
  }
  const listed = Object.entries(contacts).filter(([, fields]) => !args.city || (fields as { city?: string }).city === args.city);
  return { text: JSON.stringify({ contacts: listed.map(([id]) => id) }), structuredContentJson: null, isError: false, changes: none };
}

function createFakeModel(prompts: string[]) {
  return new MockLanguageModelV3({
    modelId: 'fake-restart',
    doGenerate: async (options) => {
      const user = options.prompt[1];
      const prompt = user?.role === 'user' && user.content[0]?.type === 'text' ? user.content[0].text : '';
      prompts.push(prompt);
      const text = JSON.stringify(answer(prompt));
      return {
        content: [{ type: 'text', text }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: {
          inputTokens: { total: 1, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: 1, text: undefined, reasoning: undefined },
        },
        warnings: [],
      };
    },
  });
}

/** The n-th call of the session: creates, reads of early and unknown contacts, lists by city. */
function planned(sequence: number): { name: string; arguments: Record<string, unknown> } {
  const name = names[(sequence * 5) % names.length]!;
  if (sequence % 4 === 1)
    return {
      name: 'create_contact',
      arguments: { name: `${name} ${sequence}`, email: `${slug(name)}.${sequence}@Example.org`, note: notes[sequence % notes.length]! },
    };
  if (sequence % 4 === 2)
    return { name: 'get_contact', arguments: { id: `c-${slug(`${name} ${sequence % 9 === 2 ? 999 : 1 + 4 * (sequence % 7)}`)}` } };
  if (sequence % 4 === 3) return { name: 'list_contacts', arguments: { city: cities[sequence % 3]! } };
  // The very first contact, created by call #1: an early call the later prompts must find.
  return { name: 'get_contact', arguments: { id: `c-${slug(`${names[5]!} 1`)}` } };
}

const directories: string[] = [];
afterAll(() => directories.forEach((directory) => rmSync(directory, { recursive: true, force: true })));

async function open(dataDir: string, prompts: string[], setUp: boolean): Promise<Platform> {
  const platform = createPlatform({
    dataDir,
    apiKey,
    demo: false,
    clock: createManualClock('2026-03-02T09:00:00.000Z'),
    toolResults: createToolResults({ fixturesDir: dataDir, model: { model: createFakeModel(prompts), modelId: 'fake-restart' } }),
  });
  if (setUp) {
    for (const [method, url, body] of [
      ['PUT', '/servers/@acme/crm', crm],
      ['PUT', '/namespaces/sim', undefined],
      ['PUT', '/connect/sim/crm', { server: '@acme/crm', mock: { enabled: true, scenario: 'The CRM of the Acme sales team.' } }],
      ['PUT', '/__mcpsim/connections/sim/crm/simulation', { world: { entities: {}, facts: [] } }],
    ] as const) {
      const response = await platform.app.request(url, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
      expect(response.status, `${method} ${url}`).toBeLessThan(300);
    }
  }
  return platform;
}

async function call(platform: Platform, sequence: number): Promise<void> {
  const body = JSON.stringify({ jsonrpc: '2.0', id: sequence, method: 'tools/call', params: planned(sequence) });
  const response = await platform.app.request('/connect/sim/crm/mcp', { method: 'POST', headers, body });
  expect(response.status).toBe(200);
}

describe('the model’s prompts after a restart', () => {
  it('are byte-identical to those of a session that never stopped, the earlier calls found by their words on disk', async () => {
    const [first, second] = [0, 1].map(() => {
      const directory = mkdtempSync(join(tmpdir(), 'mcpsim-restart-'));
      directories.push(directory);
      return directory;
    });
    const [before, split, after] = [80, 80, 40];

    const steady: string[] = [];
    const running = await open(first!, steady, true);
    for (let sequence = 1; sequence <= before + after; sequence++) await call(running, sequence);
    running.close();

    const restarted: string[] = [];
    let platform = await open(second!, restarted, true);
    for (let sequence = 1; sequence <= split; sequence++) await call(platform, sequence);
    platform.close();
    platform = await open(second!, restarted, false);
    for (let sequence = split + 1; sequence <= split + after; sequence++) await call(platform, sequence);
    platform.close();

    expect(restarted).toHaveLength(before + after);
    expect(restarted.slice(split)).toEqual(steady.slice(split));
    // The first call after the restart shows older calls than the 4 latest: found by their words on disk.
    const shown = [...restarted[split]!.matchAll(/^#(\d+) /gm)].map(([, sequence]) => Number(sequence));
    expect(shown.filter((sequence) => sequence <= split - 4).length).toBeGreaterThan(0);
    const db = new Database(join(second!, 'mcpsim.db'), { readonly: true });
    try {
      expect(db.prepare('SELECT count(*) AS n FROM memory_calls WHERE terms_indexed = 1').get()).toEqual({ n: before + after });
    } finally {
      db.close();
    }
  });
});
