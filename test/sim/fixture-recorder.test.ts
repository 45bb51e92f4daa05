import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../../src/domain/clock.js';
import { toCanonicalJson } from '../../src/sim/source/canonical-json.js';
import { createFixtureRecorder, createRecordingSource, type RecordChange } from '../../src/sim/fixtures/fixture-recorder.js';
import { createReplaySource } from '../../src/sim/fixtures/replay-source.js';
import type { ToolCall, ToolResolution, ToolResultSource } from '../../src/sim/source/tool-result-source.js';

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });
const call = (args: Record<string, unknown>, occurrence = 1, tool = 'list_issues'): ToolCall => ({
  namespace: 'ns',
  connectionId: 'c',
  server: '@acme/tracker',
  tool,
  arguments: args,
  argumentsKey: toCanonicalJson(args),
  occurrence,
});
const fromModel = (value: string, extra: Partial<ToolResolution> = {}): ToolResolution => ({
  source: 'model',
  model: 'test-model',
  result: text(value),
  ...extra,
});

describe('the fixture recorder', () => {
  let directory: string;
  let file: string;
  const clock = createManualClock('2026-02-01T10:00:00.000Z');
  const read = () => readFileSync(file, 'utf8');
  const entries = () => (JSON.parse(read()) as { calls: Record<string, unknown>[] }).calls;

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'mcpsim-record-'));
    file = join(directory, 'acme__tracker', 'list_issues.json');
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('writes a new fixture file in the replay format: sorted keys, 2-space JSON, a final newline', () => {
    const recorder = createFixtureRecorder({ directory, clock });
    const worldChanges = { upserts: [{ type: 'issue', id: '7', fields: { title: 'Crash', state: 'open' } }] };
    expect(
      recorder.record(
        call({ state: 'open', labels: ['bug'] }),
        fromModel('one issue', { worldChanges, usage: { inputTokens: 1, outputTokens: 2 } }),
      ),
    ).toBe('added');
    expect(read()).toBe(
      [
        '{',
        '  "calls": [',
        '    {',
        '      "arguments": {',
        '        "labels": [',
        '          "bug"',
        '        ],',
        '        "state": "open"',
        '      },',
        '      "model": "test-model",',
        '      "occurrence": 1,',
        '      "recordedAt": "2026-02-01T10:00:00.000Z",',
        '      "result": {',
        '        "content": [',
        '          {',
        '            "text": "one issue",',
        '            "type": "text"',
        '          }',
        '        ]',
        '      },',
        '      "worldChanges": {',
        '        "upserts": [',
        '          {',
        '            "fields": {',
        '              "state": "open",',
        '              "title": "Crash"',
        '            },',
        '            "id": "7",',
        '            "type": "issue"',
        '          }',
        '        ]',
        '      }',
        '    }',
        '  ],',
        '  "server": "@acme/tracker",',
        '  "tool": "list_issues"',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('replays what it recorded, world changes included', async () => {
    const worldChanges = { facts: ['the tracker has 1 open issue'] };
    createFixtureRecorder({ directory, clock }).record(call({ state: 'open' }, 2), fromModel('recorded', { worldChanges }));
    // recheckMs 0: the file is rewritten below and read again at once (a server looks again within 250 ms).
    const replay = createReplaySource({ directory, recheckMs: 0 });
    expect(await replay.resolve(call({ state: 'open' }, 2))).toEqual({ source: 'fixture', result: text('recorded'), worldChanges });
    createFixtureRecorder({ directory, clock }).record(call({}), fromModel('no world'));
    expect(await replay.resolve(call({}))).toStrictEqual({ source: 'fixture', result: text('no world') });
  });

  it('keeps one entry per canonical arguments and occurrence, sorted by arguments then occurrence', () => {
    const recorder = createFixtureRecorder({ directory, clock });
    const changes: RecordChange[] = [
      recorder.record(call({ state: 'open' }, 10), fromModel('open 10')),
      recorder.record(call({ state: 'closed' }), fromModel('closed 1')),
      recorder.record(call({ state: 'open' }, 2), fromModel('open 2')),
      recorder.record(call({ b: 1, a: { y: 2, x: 1 } }), fromModel('ab')),
      recorder.record(call({ a: { x: 1, y: 2 }, b: 1 }), fromModel('ab again')),
    ];
    expect(changes).toEqual(['added', 'added', 'added', 'added', 'replaced']);
    expect(entries().map((entry) => [toCanonicalJson(entry.arguments), entry.occurrence, entry.result])).toEqual([
      ['{"a":{"x":1,"y":2},"b":1}', 1, text('ab again')],
      ['{"state":"closed"}', 1, text('closed 1')],
      ['{"state":"open"}', 2, text('open 2')],
      ['{"state":"open"}', 10, text('open 10')],
    ]);
  });

  it('leaves the file alone when the result and world changes are unchanged', () => {
    const recorder = createFixtureRecorder({ directory, clock });
    recorder.record(call({}), fromModel('same'));
    const before = read();
    const { mtimeMs } = statSync(file);
    clock.advance(60_000);
    expect(recorder.record(call({}), fromModel('same', { model: 'another-model' }))).toBe('unchanged');
    expect(read()).toBe(before);
    expect(statSync(file).mtimeMs).toBe(mtimeMs);
    expect(recorder.record(call({}), fromModel('same', { worldChanges: { facts: ['new'] } }))).toBe('replaced');
    expect(entries()[0]).toMatchObject({ recordedAt: '2026-02-01T10:01:00.000Z', worldChanges: { facts: ['new'] } });
  });

  it('keeps hand-written entries and notes of an existing file', () => {
    mkdirSync(join(directory, 'acme__tracker'));
    const handWritten = {
      arguments: { state: 'all' },
      occurrence: 1,
      note: 'by hand',
      recordedAt: '2026-01-01T00:00:00.000Z',
      model: null,
      result: text('hand'),
    };
    writeFileSync(file, JSON.stringify({ note: 'reviewed', server: '@acme/tracker', tool: 'list_issues', calls: [handWritten] }));
    createFixtureRecorder({ directory, clock }).record(call({ state: 'open' }), fromModel('open'));
    const data = JSON.parse(read()) as { note: string; calls: unknown[] };
    expect(data.note).toBe('reviewed');
    expect(data.calls).toEqual([handWritten, expect.objectContaining({ arguments: { state: 'open' } })]);
  });

  it('writes only arguments, model, occurrence, recordedAt, result and worldChanges, and leaves no temporary file', () => {
    const resolution = {
      ...fromModel('x', { worldChanges: { facts: [] } }),
      usage: { inputTokens: 5, outputTokens: 6 },
      extra: 'never written',
    } as ToolResolution;
    createFixtureRecorder({ directory, clock }).record({ ...call({}), sequence: 4, context: { secret: 'no' } as never }, resolution);
    expect(Object.keys(entries()[0]!)).toEqual(['arguments', 'model', 'occurrence', 'recordedAt', 'result', 'worldChanges']);
    expect(readdirSync(join(directory, 'acme__tracker'))).toEqual(['list_issues.json']);
  });

  it('refuses to overwrite a file that is not a fixture file, and names that would leave the directory', () => {
    mkdirSync(join(directory, 'acme__tracker'));
    writeFileSync(file, '{ not json');
    const recorder = createFixtureRecorder({ directory, clock });
    expect(() => recorder.record(call({}), fromModel('x'))).toThrow(
      /cannot record into .*list_issues\.json: it is not a valid fixture file/,
    );
    expect(read()).toBe('{ not json');
    expect(() => recorder.record(call({}, 1, '..'), fromModel('x'))).toThrow(/cannot be a file name/);
  });
});

describe('the recording source', () => {
  let directory: string;
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'mcpsim-recording-'));
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  const answering = (resolution: ToolResolution | null): ToolResultSource => ({ resolve: async () => resolution });

  it('passes results through and records only model results, unless synthetic ones are asked for', async () => {
    const recorder = createFixtureRecorder({ directory, clock: createManualClock('2026-01-01T00:00:00.000Z') });
    const seen: [string, RecordChange][] = [];
    const onRecord = (recorded: ToolCall, change: RecordChange) => seen.push([recorded.argumentsKey, change]);
    const synthetic: ToolResolution = { source: 'synthetic', result: text('made up') };
    for (const resolution of [
      { source: 'fixture', result: text('f') },
      { source: 'fixture-miss', result: text('m') },
      synthetic,
      null,
    ] as const) {
      expect(await createRecordingSource(answering(resolution), recorder, { onRecord }).resolve(call({ n: 1 }))).toEqual(resolution);
    }
    expect(seen).toEqual([]);
    await createRecordingSource(answering(fromModel('model')), recorder, { onRecord }).resolve(call({ n: 2 }));
    await createRecordingSource(answering(synthetic), recorder, { onRecord, recordSynthetic: true }).resolve(call({ n: 3 }));
    expect(seen).toEqual([
      ['{"n":2}', 'added'],
      ['{"n":3}', 'added'],
    ]);
  });
});
