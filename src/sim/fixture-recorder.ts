import { existsSync, readFileSync } from 'node:fs';
import { findJsonLimitBreach, toBreachMessage } from '../domain/json-limits.js';
import type { Clock } from '../domain/clock.js';
import type { ResultOrigin } from '../domain/memory-log.js';
import { apiError } from '../errors.js';
import { sortKeys, toCanonicalJson } from './canonical-json.js';
import { toFixturePath } from './fixture-file.js';
import { writeFileAtomically } from './atomic-file.js';
import type { ToolCall, ToolResolution, ToolResultSource } from './tool-result-source.js';

/**
 * What recording a call did to its fixture entry: `added` (new), `replaced` (re-recorded with
 * another result, only with `--overwrite`), `unchanged` (re-recorded, same result) or `kept` (an
 * entry existed, recorded or written by hand, and was replayed instead of asking the model).
 */
export type RecordChange = 'added' | 'replaced' | 'unchanged' | 'kept';

export interface FixtureRecorder {
  /**
   * Writes the call's entry into `<directory>/<server key>/<tool>.json`; see fixtures/README.md.
   * `upstream` names the real server a captured result came from (`mcpsim capture`).
   */
  record(
    call: Pick<ToolCall, 'server' | 'tool' | 'arguments' | 'occurrence'> & Partial<ToolCall>,
    resolution: Pick<ToolResolution, 'result' | 'model' | 'worldChanges'>,
    upstream?: string,
  ): RecordChange;
}

export interface FixtureRecorderOptions {
  /** The fixtures directory, as the replay source reads it. */
  directory: string;
  /** Stamps `recordedAt`. */
  clock: Clock;
}

type Entry = Record<string, unknown>;

/**
 * Records tool results as fixture entries, one per (canonical arguments, occurrence), replacing an
 * entry with the same key. The file keeps the replay format: keys sorted at every depth, entries
 * sorted by canonical arguments then occurrence, 2-space JSON and a final newline, so a re-record
 * shows as a small diff. An entry whose result and world changes did not change is left alone
 * (its `recordedAt` too). Files are replaced atomically (temp file + rename), so the replay
 * source never reads half a file.
 *
 * @example
 *   const recorder = createFixtureRecorder({ directory: './fixtures', clock: systemClock });
 *   recorder.record(call, { source: 'model', model: 'gpt-5-mini', result }); // 'added'
 */
export function createFixtureRecorder({ directory, clock }: FixtureRecorderOptions): FixtureRecorder {
  return {
    record(call, resolution, upstream) {
      const file = toFixturePath(directory, call.server, call.tool);
      if (file === null)
        throw apiError('internal_error', `cannot record ${call.server}.${call.tool}: the tool name "${call.tool}" cannot be a file name`);
      const fixture = readFixture(file);
      const calls = fixture.calls as Entry[];
      const key = toCanonicalJson(call.arguments);
      const index = calls.findIndex((entry) => toCanonicalJson(entry.arguments) === key && entry.occurrence === call.occurrence);
      const entry: Entry = {
        arguments: call.arguments,
        model: resolution.model ?? null,
        occurrence: call.occurrence,
        recordedAt: clock.now().toISOString(),
        result: resolution.result,
      };
      if (resolution.worldChanges) entry.worldChanges = resolution.worldChanges;
      if (upstream !== undefined) entry.upstream = upstream;
      const existing = index === -1 ? undefined : calls[index];
      if (existing && sameOutcome(existing, entry)) return 'unchanged';
      if (existing) calls[index] = entry;
      else calls.push(entry);
      calls.sort(compareEntries);
      const text = `${JSON.stringify(sortKeys({ ...fixture, calls, server: call.server, tool: call.tool }), null, 2)}\n`;
      writeFileAtomically(file, text);
      return existing ? 'replaced' : 'added';
    },
  };
}

export interface RecordingSourceOptions {
  /** Also record synthesized results (they are flagged `_meta["mcpsim/synthetic"]`). Default false. */
  recordSynthetic?: boolean;
  /** Told about every recorded call, e.g. so the `record` command can list what it added and replaced. */
  onRecord?: (call: ToolCall, change: RecordChange) => void;
}

/**
 * Passes every call to `inner` and records the results a model produced (and synthesized ones
 * when asked); replayed fixtures, misses and validation errors are never written.
 *
 * @example
 *   const source = createRecordingSource(modelSource, createFixtureRecorder({ directory, clock }));
 */
export function createRecordingSource(
  inner: ToolResultSource,
  recorder: FixtureRecorder,
  { recordSynthetic = false, onRecord }: RecordingSourceOptions = {},
): ToolResultSource {
  const recorded: ResultOrigin[] = recordSynthetic ? ['model', 'synthetic'] : ['model'];
  return {
    async resolve(call) {
      const resolution = await inner.resolve(call);
      if (resolution && recorded.includes(resolution.source)) {
        const change = recorder.record(call, resolution);
        onRecord?.(call, change);
      }
      return resolution;
    },
  };
}

/** The file's content, or a new one. A file that is not a fixture is never overwritten: it may hold hand-written work. */
function readFixture(file: string): Entry & { calls: unknown[] } {
  if (!existsSync(file)) return { calls: [] };
  const invalid = (why: string) =>
    apiError(
      'internal_error',
      `cannot record into ${file}: it is not a valid fixture file (${why}); fix or remove it, see fixtures/README.md`,
    );
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw invalid((error as Error).message);
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) throw invalid('not a JSON object');
  const breach = findJsonLimitBreach(data);
  if (breach) throw invalid(toBreachMessage(breach, 'fixture'));
  const calls = (data as Entry).calls;
  if (!Array.isArray(calls)) throw invalid('"calls" must be a list');
  if (calls.some((entry) => entry === null || typeof entry !== 'object' || Array.isArray(entry)))
    throw invalid('every entry of "calls" must be an object');
  return data as Entry & { calls: unknown[] };
}

/** Same result and world changes: a re-record that would change only `recordedAt` or `model`. */
function sameOutcome(a: Entry, b: Entry): boolean {
  return (
    toCanonicalJson(a.result) === toCanonicalJson(b.result) &&
    toCanonicalJson(a.worldChanges ?? null) === toCanonicalJson(b.worldChanges ?? null)
  );
}

/** By canonical arguments, then occurrence; code-unit order, never the locale's. */
function compareEntries(a: Entry, b: Entry): number {
  const [left, right] = [toCanonicalJson(a.arguments), toCanonicalJson(b.arguments)];
  if (left !== right) return left < right ? -1 : 1;
  return Number(a.occurrence) - Number(b.occurrence);
}
