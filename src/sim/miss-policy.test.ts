import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../domain/clock.js';
import type { WorldState } from '../domain/memory-log.js';
import type { ToolDefinition } from '../domain/registry.js';
import { toCanonicalJson } from './source/canonical-json.js';
import { createFixtureRecorder, type RecordChange } from './fixtures/fixture-recorder.js';
import { createMissSource, type MissPolicy } from './miss-policy.js';
import { createSourceChain } from './source-chain.js';
import { createReplaySource } from './fixtures/replay-source.js';
import { createSimulator } from './stateful/simulator.js';
import type { ToolCall, ToolResolution, ToolResultSource } from './source/tool-result-source.js';

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });
const call = (args: Record<string, unknown>, occurrence = 1): ToolCall => ({
  namespace: 'ns',
  connectionId: 'c',
  server: '@acme/tracker',
  tool: 'list_issues',
  arguments: args,
  argumentsKey: toCanonicalJson(args),
  occurrence,
});

/** A stand-in model that counts its calls. */
function createCountingModel(): ToolResultSource & { calls: number } {
  const model = {
    calls: 0,
    async resolve(request: ToolCall): Promise<ToolResolution> {
      model.calls++;
      return {
        source: 'model',
        model: 'test-model',
        result: text(`model says ${request.argumentsKey}`),
        worldChanges: { facts: ['modelled'] },
      };
    },
  };
  return model;
}

const synthetic: ToolResultSource = {
  resolve: async () => ({ source: 'synthetic', result: { ...text('synthetic'), _meta: { 'mcpsim/synthetic': true } } }),
};
const recordHint = () => 'mcpsim record scenarios/tracker.yaml';

describe('the miss source', () => {
  it('answers "error" with an isError result naming the tool, arguments, occurrence and the record command', async () => {
    const resolution = await createMissSource({ policy: 'error', model: createCountingModel(), synthetic, recordHint }).resolve(
      call({ state: 'open' }, 3),
    );
    expect(resolution).toEqual({
      source: 'fixture-miss',
      result: {
        isError: true,
        content: [
          {
            type: 'text',
            text: 'no fixture for @acme/tracker.list_issues {"state":"open"} (call 3); record it with: mcpsim record scenarios/tracker.yaml',
          },
        ],
      },
    });
  });

  it('answers "model" from the model, or says how to configure one when there is none', async () => {
    const model = createCountingModel();
    expect((await createMissSource({ policy: 'model', model, synthetic, recordHint }).resolve(call({})))?.source).toBe('model');
    expect(model.calls).toBe(1);
    const unconfigured = await createMissSource({ policy: 'model', synthetic, recordHint }).resolve(call({}));
    expect(unconfigured?.source).toBe('fixture-miss');
    expect(unconfigured?.result.isError).toBe(true);
    expect(JSON.stringify(unconfigured?.result.content)).toContain(
      'no model is configured to generate one: set OPENAI_API_KEY or OPENAI_BASE_URL, or record it with: mcpsim record scenarios/tracker.yaml',
    );
  });

  it('answers "synthesize" from the synthetic source without asking the model', async () => {
    const model = createCountingModel();
    expect((await createMissSource({ policy: 'synthesize', model, synthetic, recordHint }).resolve(call({})))?.source).toBe('synthetic');
    expect(model.calls).toBe(0);
  });
});

describe('the simulator source', () => {
  let directory: string;
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'mcpsim-simulator-'));
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  const build = (
    missPolicy: MissPolicy,
    model: ToolResultSource | undefined,
    onRecord?: (request: ToolCall, change: RecordChange) => void,
  ) =>
    createSourceChain({
      replay: createReplaySource({ directory, passOnMiss: true }),
      model,
      recorder: createFixtureRecorder({ directory, clock: createManualClock('2026-01-01T00:00:00.000Z') }),
      missPolicy,
      synthetic,
      recordHint,
      onRecord,
    });

  it('records a model answer on a miss, then replays it (world changes included) without asking the model again', async () => {
    const model = createCountingModel();
    const changes: RecordChange[] = [];
    const source = build('model', model, (_request, change) => changes.push(change));
    const first = await source.resolve(call({ state: 'open' }));
    expect(first).toMatchObject({ source: 'model', result: text('model says {"state":"open"}') });
    expect(changes).toEqual(['added']);
    const again = await build('error', undefined).resolve(call({ state: 'open' }));
    expect(again).toEqual({ source: 'fixture', result: text('model says {"state":"open"}'), worldChanges: { facts: ['modelled'] } });
    expect(model.calls).toBe(1);
  });

  it('lets the policy alone decide a miss, and records neither errors nor synthesized results by default', async () => {
    const model = createCountingModel();
    expect((await build('error', model).resolve(call({})))?.source).toBe('fixture-miss');
    expect((await build('synthesize', model).resolve(call({})))?.source).toBe('synthetic');
    expect(model.calls).toBe(0);
    expect(await createReplaySource({ directory, passOnMiss: true }).resolve(call({}))).toBeNull();
  });
});

describe('the stateful simulator in the chain', () => {
  let directory: string;
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'mcpsim-simulator-'));
    mkdirSync(join(directory, 'acme__tracker'));
    const entry = (args: Record<string, unknown>, value: string) => ({
      arguments: args,
      occurrence: 1,
      model: null,
      recordedAt: '2026-01-01T00:00:00.000Z',
      result: text(value),
    });
    writeFileSync(
      join(directory, 'acme__tracker', 'get_issue.json'),
      JSON.stringify({ server: '@acme/tracker', tool: 'get_issue', calls: [entry({ number: 7 }, 'recorded issue 7')] }),
    );
    writeFileSync(
      join(directory, 'acme__tracker', 'create_issue.json'),
      JSON.stringify({ server: '@acme/tracker', tool: 'create_issue', calls: [entry({ title: 'x' }, 'recorded create')] }),
    );
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  const tools: ToolDefinition[] = [
    { name: 'get_issue', inputSchema: { type: 'object', properties: { number: { type: 'integer' } }, required: ['number'] } },
    { name: 'create_issue', inputSchema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] } },
  ];
  const world: WorldState = { entities: { issue: { '7': { number: 7, title: 'From the world' } } }, facts: [] };
  const contextCall = (tool: string, args: Record<string, unknown>, occurrence: number): ToolCall => ({
    ...call(args, occurrence),
    tool,
    sequence: occurrence,
    context: {
      serverName: 'Tracker',
      serverDescription: '',
      toolDefinition: tools.find((candidate) => candidate.name === tool)!,
      scenario: null,
      world,
      history: [],
      serverTools: tools,
      now: '2026-01-01T00:00:00.000Z',
    },
  });
  const build = (missPolicy: MissPolicy, model?: ToolResultSource) =>
    createSourceChain({
      replay: createReplaySource({ directory, passOnMiss: true }),
      model,
      simulated: createSimulator(),
      missPolicy,
      synthetic,
      recordHint,
    });

  it('answers "simulate" from the world without asking the model', async () => {
    const model = createCountingModel();
    const resolution = await build('simulate', model).resolve(contextCall('get_issue', { number: 8 }, 1));
    expect(resolution).toMatchObject({
      source: 'simulated',
      result: { isError: true, content: [{ type: 'text', text: 'Issue 8 not found' }] },
    });
    expect(model.calls).toBe(0);
  });

  it('answers a read-only repeat past its recorded occurrences from the world, even under "error"', async () => {
    const source = build('error');
    expect((await source.resolve(contextCall('get_issue', { number: 7 }, 1)))?.result).toEqual(text('recorded issue 7'));
    const repeat = await source.resolve(contextCall('get_issue', { number: 7 }, 2));
    expect(repeat?.source).toBe('simulated');
    expect(JSON.parse((repeat?.result.content[0] as { text: string }).text)).toEqual({ number: 7, title: 'From the world' });
  });

  it('keeps a write past its recorded occurrences, and a read never recorded, a miss under "error"', async () => {
    const source = build('error');
    expect((await source.resolve(contextCall('create_issue', { title: 'x' }, 2)))?.source).toBe('fixture-miss');
    expect((await source.resolve(contextCall('get_issue', { number: 8 }, 2)))?.source).toBe('fixture-miss');
  });

  it('leaves a read-only repeat to the model under "model"', async () => {
    const model = createCountingModel();
    expect((await build('model', model).resolve(contextCall('get_issue', { number: 7 }, 2)))?.source).toBe('model');
    expect(model.calls).toBe(1);
  });
});
