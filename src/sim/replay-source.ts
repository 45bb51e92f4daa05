import { readFileSync, statSync } from 'node:fs';
import { findJsonLimitBreach, toBreachMessage } from '../domain/json-limits.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { WorldChanges } from '../domain/memory-log.js';
import { toCanonicalJson } from './canonical-json.js';
import { toFixturePath } from './fixture-file.js';
import type { ToolCall, ToolResolution, ToolResultSource } from './tool-result-source.js';
import { toErrorResult } from './error-result.js';

export interface ReplaySourceOptions {
  /** The fixtures directory: `<directory>/<server key>/<tool>.json` (see fixtures/README.md). */
  directory: string;
  /** Answer null on a miss (so a chained source may answer) instead of an `isError` result. */
  passOnMiss?: boolean;
  /** How long a file's state (read, changed, missing) is trusted before it is looked at again, in ms (default 250). */
  recheckMs?: number;
  /** Milliseconds for `recheckMs` (default `performance.now`). */
  now?: () => number;
}

/** A recorded entry as replay needs it: the result, and what the call changed in the world. */
interface ReplayedEntry {
  result: CallToolResult;
  worldChanges?: WorldChanges;
}

/** One fixture file as loaded: entries by `<canonical arguments>#<occurrence>`. */
interface LoadedFixture {
  /** When the file's mtime and size were last compared (`now()`). */
  checkedAt: number;
  mtimeMs: number;
  size: number;
  results: Map<string, ReplayedEntry>;
  /** The lowest recorded occurrence of each canonical arguments text: "is an earlier one recorded" in one lookup. */
  firstOccurrence: Map<string, number>;
  /** Set when the file is not a valid fixture file; every call to its tool then says so. */
  problem: string | null;
}

/** The replay source, which can also say whether an earlier occurrence of a call is recorded. */
export interface ReplaySource extends ToolResultSource {
  /** Whether the fixtures answer an earlier occurrence of this same call (tool and arguments) than `call.occurrence`. */
  hasEarlierOccurrence(call: ToolCall): boolean;
}

/**
 * Replays recorded tool results. Files are read on first use and cached; a file whose mtime or
 * size changed is read again, so hand edits apply without a restart (within `recheckMs`: a
 * `stat` on every call cost a tenth of a replayed call).
 */
export function createReplaySource({
  directory,
  passOnMiss = false,
  recheckMs = 250,
  now = () => performance.now(),
}: ReplaySourceOptions): ReplaySource {
  /** Loaded files, and files found missing (null), by path. */
  const cache = new Map<string, LoadedFixture | { checkedAt: number; missing: true }>();

  function load(file: string): LoadedFixture | null {
    const time = now();
    const cached = cache.get(file);
    if (cached && time - cached.checkedAt < recheckMs) return 'missing' in cached ? null : cached;
    // No exception for a missing file: most calls of an unrecorded tool look for one.
    const stats = statSync(file, { throwIfNoEntry: false });
    if (!stats) {
      cache.set(file, { checkedAt: time, missing: true });
      return null;
    }
    if (cached && !('missing' in cached) && cached.mtimeMs === stats.mtimeMs && cached.size === stats.size) {
      cached.checkedAt = time;
      return cached;
    }
    const loaded = parseFixture(readFileSync(file, 'utf8'), file);
    const fixture = { checkedAt: time, mtimeMs: stats.mtimeMs, size: stats.size, ...loaded };
    cache.set(file, fixture);
    return fixture;
  }

  return {
    hasEarlierOccurrence(call: ToolCall) {
      const file = toFixturePath(directory, call.server, call.tool);
      const fixture = file === null ? null : load(file);
      if (!fixture || fixture.problem) return false;
      // One lookup, not a walk back over every occurrence: a call repeated n times must not cost n.
      const first = fixture.firstOccurrence.get(call.argumentsKey);
      return first !== undefined && first < call.occurrence;
    },
    async resolve(call: ToolCall) {
      const file = toFixturePath(directory, call.server, call.tool);
      const fixture = file === null ? null : load(file);
      if (fixture?.problem) return { source: 'fixture-miss', result: toErrorResult(fixture.problem) };
      const entry = fixture?.results.get(`${call.argumentsKey}#${call.occurrence}`);
      if (entry) {
        // The recorded world changes come back too, so replaying a session rebuilds the same world.
        const resolution: ToolResolution = { source: 'fixture', result: entry.result };
        if (entry.worldChanges) resolution.worldChanges = entry.worldChanges;
        return resolution;
      }
      if (passOnMiss) return null;
      const where = file ?? `${directory} (the tool name cannot be a file name)`;
      return {
        source: 'fixture-miss',
        result: toErrorResult(
          `no fixture for ${call.server}.${call.tool} ${call.argumentsKey} (call ${call.occurrence}) in ${directory}; record one, or write it by hand in ${where}`,
        ),
      };
    },
  };
}

function parseFixture(text: string, file: string): Omit<LoadedFixture, 'mtimeMs' | 'size' | 'checkedAt'> {
  const invalid = (why: string) => ({
    results: new Map(),
    firstOccurrence: new Map(),
    problem: `fixture file ${file} is not valid: ${why}; see fixtures/README.md for the format`,
  });
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return invalid((error as Error).message);
  }
  // A fixture is a door like a request body: nothing below may meet JSON past the policy.
  const breach = findJsonLimitBreach(data);
  if (breach) return invalid(toBreachMessage(breach, 'fixture'));
  const calls = (data as { calls?: unknown } | null)?.calls;
  if (!Array.isArray(calls)) return invalid('"calls" must be a list');
  const results = new Map<string, ReplayedEntry>();
  const firstOccurrence = new Map<string, number>();
  for (const [index, call] of calls.entries()) {
    const {
      arguments: args,
      occurrence,
      result,
      worldChanges,
    } = (call ?? {}) as { arguments?: unknown; occurrence?: unknown; result?: unknown; worldChanges?: unknown };
    if (args === null || typeof args !== 'object' || Array.isArray(args)) return invalid(`calls.${index}.arguments must be an object`);
    if (!Number.isInteger(occurrence) || (occurrence as number) < 1)
      return invalid(`calls.${index}.occurrence must be an integer of at least 1`);
    if (result === null || typeof result !== 'object' || !Array.isArray((result as { content?: unknown }).content)) {
      return invalid(`calls.${index}.result must be a CallToolResult with a "content" list`);
    }
    if (worldChanges !== undefined && (worldChanges === null || typeof worldChanges !== 'object' || Array.isArray(worldChanges))) {
      return invalid(`calls.${index}.worldChanges must be an object ({ upserts, deletes, facts })`);
    }
    const entry: ReplayedEntry = { result: result as CallToolResult };
    if (worldChanges) entry.worldChanges = worldChanges as WorldChanges;
    const key = toCanonicalJson(args);
    results.set(`${key}#${occurrence as number}`, entry);
    firstOccurrence.set(key, Math.min(firstOccurrence.get(key) ?? Infinity, occurrence as number));
  }
  return { results, firstOccurrence, problem: null };
}
