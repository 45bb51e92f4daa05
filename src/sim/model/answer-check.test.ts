import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import type { WorldState } from '../../domain/memory-log.js';
import type { ToolDefinition } from '../../domain/registry.js';
import { findContradictions } from './answer-check.js';
import { toCanonicalJson } from '../source/canonical-json.js';
import type { ModelOutput } from './model-output.js';
import { createModelSource } from './model-source.js';

const object = (properties: Record<string, unknown>) => ({ type: 'object' as const, properties });
const listEvents: ToolDefinition = {
  name: 'list_events',
  description: 'List the events of a day.',
  inputSchema: object({ day: { type: 'string' } }),
  annotations: { readOnlyHint: true },
};
const updateEvent: ToolDefinition = {
  name: 'update_event',
  description: 'Change an event.',
  inputSchema: object({ event_id: { type: 'string' }, status: { type: 'string' } }),
};
const getEvent: ToolDefinition = {
  name: 'get_event',
  description: 'Get an event.',
  inputSchema: object({ event_id: { type: 'string' } }),
  annotations: { readOnlyHint: true },
};
const serverTools = [listEvents, updateEvent, getEvent];

const world: WorldState = {
  entities: {
    event: {
      evt_1: { title: 'Standup', start: '2026-03-03T09:00:00Z', status: 'cancelled' },
      evt_2: { title: 'Retro', start: '2026-03-03T15:00:00Z', status: 'confirmed' },
      evt_3: { title: 'Roadmap', start: '2026-03-04T10:00:00Z', status: 'confirmed' },
    },
  },
  facts: [],
};
const text = (value: unknown) => ({ content: [{ type: 'text', text: JSON.stringify(value) }] });

describe('the answer check', () => {
  it('finds a field shown with another value than the world holds, and a listed entity missing', () => {
    const result = text({ events: [{ id: 'evt_1', title: 'Standup', status: 'confirmed' }] });
    expect(findContradictions({ result, changes: {}, world, tool: listEvents, serverTools, arguments: { day: '2026-03-03' } })).toEqual([
      'evt_1.status is "confirmed" in the answer but "cancelled" in the world state',
      'the world state holds event evt_2 matching day=2026-03-03, missing from the answer',
    ]);
  });

  it('accepts what the answer changes itself, an error, a page and an answer that agrees', () => {
    const updated = text({ id: 'evt_2', status: 'tentative' });
    const changes = { upserts: [{ type: 'event', id: 'evt_2', fields: { status: 'tentative' } }] };
    expect(
      findContradictions({
        result: updated,
        changes,
        world,
        tool: updateEvent,
        serverTools,
        arguments: { event_id: 'evt_2', status: 'tentative' },
      }),
    ).toEqual([]);
    expect(
      findContradictions({
        result: { ...updated, isError: true },
        changes: {},
        world,
        tool: getEvent,
        serverTools,
        arguments: { event_id: 'evt_2' },
      }),
    ).toEqual([]);
    const page = text({ events: [{ id: 'evt_1', status: 'cancelled' }] });
    expect(
      findContradictions({ result: page, changes: {}, world, tool: listEvents, serverTools, arguments: { day: '2026-03-03', limit: 1 } }),
    ).toEqual([]);
    const whole = text({
      events: [
        { id: 'evt_1', status: 'cancelled' },
        { id: 'evt_2', status: 'confirmed' },
      ],
    });
    expect(
      findContradictions({ result: whole, changes: {}, world, tool: listEvents, serverTools, arguments: { day: '2026-03-03' } }),
    ).toEqual([]);
  });

  it('holds an empty list to the world', () => {
    expect(
      findContradictions({
        result: text({ events: [] }),
        changes: {},
        world,
        tool: listEvents,
        serverTools,
        arguments: { day: '2026-03-04' },
      }),
    ).toEqual(['the world state holds event evt_3 matching day=2026-03-04, missing from the answer']);
  });
});

describe('the model source with the answer check', () => {
  const call = (args: Record<string, unknown>) => ({
    namespace: 'ns',
    connectionId: 'cal',
    server: '@acme/calendar',
    tool: 'list_events',
    arguments: args,
    argumentsKey: toCanonicalJson(args),
    occurrence: 1,
    context: { serverName: 'Calendar', serverDescription: '', toolDefinition: listEvents, scenario: null, world, history: [], serverTools },
  });
  const stale: ModelOutput = {
    text: JSON.stringify({
      events: [
        { id: 'evt_1', status: 'confirmed' },
        { id: 'evt_2', status: 'confirmed' },
      ],
    }),
    structuredContentJson: null,
    isError: false,
    changes: { upserts: [], deletes: [], facts: [] },
  };
  const right: ModelOutput = {
    ...stale,
    text: JSON.stringify({
      events: [
        { id: 'evt_1', status: 'cancelled' },
        { id: 'evt_2', status: 'confirmed' },
      ],
    }),
  };

  function modelAnswering(outputs: ModelOutput[]) {
    const prompts: string[] = [];
    const model = new MockLanguageModelV3({
      modelId: 'fake',
      doGenerate: async (options) => {
        const user = options.prompt[1];
        prompts.push(user?.role === 'user' && user.content[0]?.type === 'text' ? user.content[0].text : '');
        const output = outputs[Math.min(prompts.length - 1, outputs.length - 1)]!;
        return {
          content: [{ type: 'text', text: JSON.stringify(output) }],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage: {
            inputTokens: { total: 100, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
            outputTokens: { total: 10, text: undefined, reasoning: undefined },
          },
          warnings: [],
        };
      },
    });
    return { model, prompts };
  }

  it('retries once naming the conflict, and keeps the corrected answer with no report', async () => {
    const { model, prompts } = modelAnswering([stale, right]);
    const resolution = await createModelSource({ model, modelId: 'fake' }).resolve(call({ day: '2026-03-03' }));
    expect(prompts).toHaveLength(2);
    expect(prompts[1]).toContain(
      'Your previous answer contradicted the world state: evt_1.status is "confirmed" in the answer but "cancelled" in the world state.',
    );
    expect(resolution?.result._meta?.['mcpsim/contradictions']).toBeUndefined();
    expect(resolution?.result.content).toEqual([{ type: 'text', text: right.text }]);
    expect(resolution?.usage).toEqual({ inputTokens: 200, outputTokens: 20 });
  });

  it('reports what the retry did not fix in _meta["mcpsim/contradictions"], after one retry only', async () => {
    const { model, prompts } = modelAnswering([stale]);
    const resolution = await createModelSource({ model, modelId: 'fake' }).resolve(call({ day: '2026-03-03' }));
    expect(prompts).toHaveLength(2);
    expect(resolution?.result._meta?.['mcpsim/contradictions']).toEqual([
      'evt_1.status is "confirmed" in the answer but "cancelled" in the world state',
    ]);
  });
});

describe('the list a call is about, on a server whose tool names repeat its own name', () => {
  const tools = [
    {
      name: 'search_sonar_issues_in_projects',
      inputSchema: { type: 'object', properties: { projects: { type: 'array', items: { type: 'string' } } } },
    },
  ];
  const world = { entities: { issue: { a1: { key: 'a1', project: 'web' }, a2: { key: 'a2', project: 'api' } } }, facts: [] };
  const answer = { content: [{ type: 'text' as const, text: '{"issues":[]}' }] };

  it('holds the answer to the issues the world has, once the server’s names are known', () => {
    const input = { result: answer, changes: {}, world, tool: tools[0]!, serverTools: tools, arguments: {} };
    expect(findContradictions(input)).toEqual([]);
    expect(findContradictions({ ...input, serverNames: ['@SonarSource/sonarqube-mcp-server', 'SonarQube'] })).toEqual([
      expect.stringContaining('a1'),
    ]);
  });
});
