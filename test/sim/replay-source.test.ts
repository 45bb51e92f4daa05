import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config.js';
import { toCanonicalJson } from '../../src/sim/source/canonical-json.js';
import { toFixturePath, toServerKey } from '../../src/domain/fixture-path.js';
import { createReplaySource } from '../../src/sim/fixtures/replay-source.js';
import { chainSources, type ToolCall, type ToolResultSource } from '../../src/sim/source/tool-result-source.js';

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

describe('the replay source', () => {
  let directory: string;
  let file: string;
  const write = (calls: unknown[], mtime: number) => {
    writeFileSync(file, JSON.stringify({ server: '@acme/tracker', tool: 'list_issues', calls }, null, 2));
    utimesSync(file, mtime, mtime);
  };

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'mcpsim-replay-'));
    mkdirSync(join(directory, 'acme__tracker'));
    file = join(directory, 'acme__tracker', 'list_issues.json');
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('names fixture files as catalog/ does and refuses names that would leave the directory', () => {
    expect(toServerKey('@modelcontextprotocol/time')).toBe('modelcontextprotocol__time');
    expect(toFixturePath('/f', '@a/b', 'tool')).toBe('/f/a__b/tool.json');
    expect(toFixturePath('/f', '@a/b', '..')).toBeNull();
  });

  it('matches arguments by their canonical form, whatever the key order', async () => {
    write([{ arguments: { b: { y: 1, x: 2 }, a: [3] }, occurrence: 1, result: text('hit') }], 1_000);
    const resolution = await createReplaySource({ directory }).resolve(call({ a: [3], b: { x: 2, y: 1 } }));
    expect(resolution).toEqual({ source: 'fixture', result: text('hit') });
  });

  it('hands back the events a fixture entry recorded, in order, and names a malformed one', async () => {
    const events = [
      { kind: 'notification', method: 'notifications/progress', params: { progress: 1, total: 2 } },
      {
        kind: 'request',
        method: 'elicitation/create',
        params: { message: 'Name?' },
        answer: { action: 'accept', content: { name: 'Ada' } },
      },
    ];
    write([{ arguments: {}, occurrence: 1, result: text('hit'), events }], 1_000);
    expect(await createReplaySource({ directory }).resolve(call({}))).toEqual({ source: 'fixture', result: text('hit'), events });
    write([{ arguments: {}, occurrence: 1, result: text('hit'), events: [{ kind: 'shout', method: 'x' }] }], 2_000);
    const broken = await createReplaySource({ directory }).resolve(call({}));
    expect(broken?.source).toBe('fixture-miss');
    expect(JSON.stringify(broken?.result)).toContain('calls.0.events.0.kind must be');
  });

  it('keeps every key in the canonical form, __proto__ included', () => {
    expect(toCanonicalJson(JSON.parse('{"z":1,"__proto__":{"b":1,"a":2}}'))).toBe('{"__proto__":{"a":2,"b":1},"z":1}');
  });

  it('reads a changed or new file again once its last look is 250 ms old', async () => {
    let time = 0;
    const source = createReplaySource({ directory, passOnMiss: true, now: () => time });
    expect(await source.resolve(call({}))).toBeNull();
    write([{ arguments: {}, occurrence: 1, result: text('before') }], 1_000);
    time += 100;
    expect(await source.resolve(call({}))).toBeNull();
    time += 200;
    expect((await source.resolve(call({})))?.result).toEqual(text('before'));
    write([{ arguments: {}, occurrence: 1, result: text('after!') }], 2_000);
    expect((await source.resolve(call({})))?.result).toEqual(text('before'));
    time += 250;
    expect((await source.resolve(call({})))?.result).toEqual(text('after!'));
  });

  it('answers a miss with an isError result, or with null when asked to pass', async () => {
    const miss = await createReplaySource({ directory }).resolve(call({ state: 'open' }, 2));
    expect(miss).toEqual({
      source: 'fixture-miss',
      result: {
        isError: true,
        content: [
          {
            type: 'text',
            text: `no fixture for @acme/tracker.list_issues {"state":"open"} (call 2) in ${directory}; record one, or write it by hand in ${file}`,
          },
        ],
      },
    });
    expect(await createReplaySource({ directory, passOnMiss: true }).resolve(call({}))).toBeNull();
  });

  it('says what is wrong with a file that is not a fixture file', async () => {
    write([{ arguments: {}, occurrence: 0, result: text('x') }], 1_000);
    const resolution = await createReplaySource({ directory }).resolve(call({}));
    expect(resolution?.result.isError).toBe(true);
    expect(JSON.stringify(resolution?.result)).toContain('calls.0.occurrence must be an integer of at least 1');
  });

  it('chains sources: the first that answers wins', async () => {
    const none: ToolResultSource = { resolve: async () => null };
    const always: ToolResultSource = { resolve: async () => ({ source: 'fixture', result: text('second') }) };
    write([{ arguments: {}, occurrence: 1, result: text('first') }], 1_000);
    const chained = chainSources(none, createReplaySource({ directory, passOnMiss: true }), always);
    expect((await chained.resolve(call({})))?.result).toEqual(text('first'));
    expect((await chained.resolve(call({}, 2)))?.result).toEqual(text('second'));
    expect(await chainSources(none).resolve(call({}))).toBeNull();
  });
});

describe('the fixtures directory setting', () => {
  it('defaults to ./fixtures; MCPSIM_FIXTURES_DIR sets it and --fixtures wins', () => {
    expect(resolveConfig({}, {}).fixturesDir).toBe('./fixtures');
    expect(resolveConfig({}, { MCPSIM_FIXTURES_DIR: '/env' }).fixturesDir).toBe('/env');
    expect(resolveConfig({ fixturesDir: '/flag' }, { MCPSIM_FIXTURES_DIR: '/env' }).fixturesDir).toBe('/flag');
  });
});
