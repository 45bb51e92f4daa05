/**
 * The bounded stores of one MCP session (issue 37, docs/api.md "Limits of a session"): the events
 * kept for resumption (count and characters), the resource subscriptions (count and characters of
 * URI, and re-read only where a call's changes touch them) and the requests waiting on the client.
 * The stores are driven directly with real messages and real world changes; the session tests
 * (session-bounds.test.ts) send the attacks through the endpoint.
 */
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { defaultMcpSessionStoreLimits } from '../../src/domain/mcp-limits.js';
import { readMockResource } from '../../src/sim/stateful/surface-answers.js';
import type { WorldState } from '../../src/domain/memory-log.js';
import { createPendingClientRequests } from '../../src/mcp/session/pending-client-requests.js';
import { createSessionEventStore } from '../../src/mcp/session/session-event-store.js';
import { createSessionSubscriptions, type ResourceReading } from '../../src/mcp/session/session-subscriptions.js';

/** A JSON-RPC error as a `resources/read` of a long unknown URI answers it: the URI quoted twice. */
const longError = (id: number, uri: string): JSONRPCMessage => ({
  jsonrpc: '2.0',
  id,
  error: { code: -32002, message: `Resource not found: ${uri}`, data: { uri } },
});

describe('the events a session keeps for resumption', () => {
  it('keep within the character bound, dropping the oldest, and do not keep an event larger than the bound', async () => {
    const store = createSessionEventStore({ keptEvents: 1000, keptEventCharacters: 1_000_000 });
    const uri = `tracker://issues/${'x'.repeat(100_000)}`;
    const ids: string[] = [];
    for (let index = 0; index < 40; index++) ids.push(await store.storeEvent(`stream-${index}`, longError(index, uri)));
    const kept = store.kept();
    expect(kept.characters).toBeLessThanOrEqual(1_000_000);
    expect(kept.events).toBe(4);
    // The oldest stream can no longer be replayed; the newest can.
    const replayed = async (streamId: string) => {
      const sent: string[] = [];
      await store.replayEventsAfter(`${streamId}:0`, { send: async (eventId) => void sent.push(eventId) });
      return sent;
    };
    expect(await replayed('stream-0')).toEqual([]);
    expect(await replayed('stream-39')).toEqual([ids[39]]);

    await store.storeEvent('huge', longError(99, 'x'.repeat(1_000_001)));
    expect(store.kept()).toEqual(kept);
  });

  it('keep within the count bound', async () => {
    const store = createSessionEventStore({ keptEvents: 3, keptEventCharacters: 1_000_000 });
    for (let index = 0; index < 10; index++) await store.storeEvent('s', { jsonrpc: '2.0', method: 'notifications/progress' });
    expect(store.kept().events).toBe(3);
  });
});

describe('the subscriptions of a session', () => {
  const world: WorldState = {
    entities: { issue: Object.fromEntries(Array.from({ length: 300 }, (_, index) => [String(index), { title: `Issue ${index}` }])) },
    facts: ['The tracker is acme/web.'],
  };
  const surface = {
    resources: [
      { uri: 'tracker://readme', name: 'readme', text: '# Tracker' },
      { uri: 'tracker://issues', name: 'issues' },
      { uri: 'tracker://about', name: 'about' },
    ],
    resourceTemplates: [{ uriTemplate: 'tracker://issues/{id}', name: 'issue' }],
    prompts: [],
    completions: [],
  };
  let reads = 0;
  const readNow = (uri: string): ResourceReading => {
    reads++;
    const read = readMockResource(surface, uri, world);
    return { shown: 'result' in read ? JSON.stringify(read.result) : null, dependsOn: read.dependsOn };
  };

  it('are re-read only where a change touches them', () => {
    const subscriptions = createSessionSubscriptions({ subscriptions: 1000, subscriptionCharacters: 1_000_000 });
    for (let index = 0; index < 300; index++) subscriptions.add(`tracker://issues/${index}`, readNow(`tracker://issues/${index}`));
    for (const uri of ['tracker://readme', 'tracker://issues', 'tracker://about', 'tracker://issues/404'])
      subscriptions.add(uri, readNow(uri));

    expect(subscriptions.touchedBy([])).toEqual([]);
    expect(subscriptions.touchedBy([{ upserts: [{ type: 'issue', id: '12', fields: { state: 'closed' } }] }]).sort()).toEqual([
      'tracker://issues',
      'tracker://issues/12',
    ]);
    // An issue that did not exist yet: the not-found subscription to it, and the list.
    expect(subscriptions.touchedBy([{ upserts: [{ type: 'issue', id: '404', fields: {} }] }]).sort()).toEqual([
      'tracker://issues',
      'tracker://issues/404',
    ]);
    expect(subscriptions.touchedBy([{ facts: ['It is Tuesday.'] }])).toEqual(['tracker://about']);
    expect(subscriptions.touchedBy('everything')).toHaveLength(304);

    // What a re-read shows decides whether the client is told.
    reads = 0;
    const [uri] = subscriptions.touchedBy([{ deletes: [{ type: 'issue', id: '7' }] }]).filter((touched) => touched.endsWith('/7'));
    expect(subscriptions.update(uri!, readNow(uri!))).toBe(false);
    delete world.entities.issue!['7'];
    expect(subscriptions.update(uri!, readNow(uri!))).toBe(true);
    expect(reads).toBe(2);
  });

  it('are bounded in count and in characters of URI, with messages that name the limit and its value', () => {
    const subscriptions = createSessionSubscriptions({ subscriptions: 2, subscriptionCharacters: 60 });
    expect(subscriptions.add('tracker://issues/1', readNow('tracker://issues/1'))).toBeNull();
    expect(subscriptions.add(`tracker://issues/${'9'.repeat(40)}`, readNow('tracker://issues/9'))).toMatch(
      /would be 75 characters together.*the limit \(subscriptionCharacters\) is 60$/,
    );
    expect(subscriptions.add('tracker://issues/2', readNow('tracker://issues/2'))).toBeNull();
    // Subscribing again to a subscribed URI takes nothing more.
    expect(subscriptions.add('tracker://issues/2', readNow('tracker://issues/2'))).toBeNull();
    expect(subscriptions.add('tracker://issues/3', readNow('tracker://issues/3'))).toMatch(/the limit \(subscriptions\) is 2$/);
    subscriptions.delete('tracker://issues/1');
    expect(subscriptions.add('tracker://issues/3', readNow('tracker://issues/3'))).toBeNull();
    expect(subscriptions.size).toBe(2);
  });
});

describe('the requests a session waits on its client for', () => {
  it('are bounded in count: past the bound a request is refused at once, naming the limit', async () => {
    const pending = createPendingClientRequests(2);
    const answers: (() => void)[] = [];
    const ask = () => pending.hold('roots/list', () => new Promise<void>((resolve) => answers.push(resolve)));
    const first = ask();
    const second = ask();
    await expect(ask()).rejects.toThrow(/roots\/list: this session already waits on 2 answers.*the limit \(pendingClientRequests\) is 2/);
    answers[0]!();
    await first;
    const third = ask();
    answers[1]!();
    answers[2]!();
    await Promise.all([second, third]);
  });

  it('has documented defaults', () => {
    expect(defaultMcpSessionStoreLimits).toEqual({
      keptEvents: 1000,
      keptEventCharacters: 8 * 1024 * 1024,
      subscriptions: 100,
      subscriptionCharacters: 256 * 1024,
      pendingClientRequests: 16,
    });
  });
});
