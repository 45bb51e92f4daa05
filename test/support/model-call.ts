/**
 * One `get_contact` call as the model source gets it, a valid answer to it, and a clock that only
 * the waits between attempts move: shared by the tests of the model source against the fake server.
 */
import { emptyWorld } from '../../src/domain/memory-log.js';
import type { createModelSource } from '../../src/sim/model/model-source.js';
import type { ToolCall } from '../../src/sim/source/tool-result-source.js';

export const getContact = {
  name: 'get_contact',
  description: 'Get a contact by id.',
  inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
};

export const call = (signal?: AbortSignal): ToolCall => ({
  namespace: 'ns',
  connectionId: 'crm',
  server: '@acme/crm',
  tool: 'get_contact',
  arguments: { id: 'c_1' },
  argumentsKey: '{"id":"c_1"}',
  occurrence: 1,
  sequence: 1,
  context: {
    serverName: 'Acme CRM',
    serverDescription: 'Contacts.',
    toolDefinition: getContact,
    scenario: null,
    world: emptyWorld(),
    history: [],
  },
  ...(signal ? { signal } : {}),
});

export const answer = JSON.stringify({
  text: '{"id":"c_1"}',
  structuredContentJson: null,
  isError: false,
  changes: { upserts: [], deletes: [], facts: [] },
});

/** A clock that only the waits move, so a 30 s retry-after takes no time. */
export function fakeTime() {
  let now = 0;
  const waits: number[] = [];
  return { waits, now: () => now, sleep: async (ms: number) => void (waits.push(ms), (now += ms)) };
}

export const textOf = (resolution: Awaited<ReturnType<ReturnType<typeof createModelSource>['resolve']>>) =>
  (resolution?.result.content[0] as { text: string }).text;
