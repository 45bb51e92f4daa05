import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../domain/clock.js';
import { toCanonicalJson } from './canonical-json.js';
import { createFixtureRecorder, type RecordChange } from './fixture-recorder.js';
import { createMissSource, createSimulatorSource, type MissPolicy } from './miss-policy.js';
import { createReplaySource } from './replay-source.js';
import type { ToolCall, ToolResolution, ToolResultSource } from './tool-result-source.js';

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
      return { source: 'model', model: 'test-model', result: text(`model says ${request.argumentsKey}`), worldChanges: { facts: ['modelled'] } };
    },
  };
  return model;
}

const synthetic: ToolResultSource = { resolve: async () => ({ source: 'synthetic', result: { ...text('synthetic'), _meta: { 'mcpsim/synthetic': true } } }) };
const recordHint = () => 'mcpsim record scenarios/tracker.yaml';

describe('the miss source', () => {
  it('answers "error" with an isError result naming the tool, arguments, occurrence and the record command', async () => {
    const resolution = await createMissSource({ policy: 'error', model: createCountingModel(), synthetic, recordHint }).resolve(call({ state: 'open' }, 3));
    expect(resolution).toEqual({
      source: 'fixture-miss',
      result: { isError: true, content: [{ type: 'text', text: 'no fixture for @acme/tracker.list_issues {"state":"open"} (call 3); record it with: mcpsim record scenarios/tracker.yaml' }] },
    });
  });

  it('answers "model" from the model, or says how to configure one when there is none', async () => {
    const model = createCountingModel();
    expect((await createMissSource({ policy: 'model', model, synthetic, recordHint }).resolve(call({})))?.source).toBe('model');
    expect(model.calls).toBe(1);
    const unconfigured = await createMissSource({ policy: 'model', synthetic, recordHint }).resolve(call({}));
    expect(unconfigured?.source).toBe('fixture-miss');
    expect(unconfigured?.result.isError).toBe(true);
    expect(JSON.stringify(unconfigured?.result.content)).toContain('no model is configured to generate one: set OPENAI_API_KEY or OPENAI_BASE_URL, or record it with: mcpsim record scenarios/tracker.yaml');
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

  const build = (missPolicy: MissPolicy, model: ToolResultSource | undefined, onRecord?: (request: ToolCall, change: RecordChange) => void) =>
    createSimulatorSource({
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
    expect((await createReplaySource({ directory, passOnMiss: true }).resolve(call({})))).toBeNull();
  });
});
