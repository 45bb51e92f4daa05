/**
 * Bounds of the memory log (issue 16): a call's logged arguments and result are cut past a size
 * (what is cut is marked), and each connection keeps only its latest calls (by count and bytes;
 * the world state is kept whole). Without them, 60 calls with 4 MiB arguments grew the process by
 * a gigabyte and `GET .../memory` could no longer build its answer.
 */
import { createHash } from 'node:crypto';
import type { CallLogEntry, LoggedResult } from './memory-log.js';

/** How much of a connection's call log is kept: the latest calls within both bounds (at least the latest call). */
export interface MemoryLimits {
  maxCalls: number;
  /** Bytes of the kept calls' logged arguments, results and world changes (as JSON text). */
  maxBytes: number;
}

export const defaultMemoryLimits: MemoryLimits = { maxCalls: 10_000, maxBytes: 64 * 1024 * 1024 };

/** Logged arguments, argument keys and results longer than this (JSON text) are cut. */
export const maxLoggedChars = 64 * 1024;

/** The key under which a cut value says what it was. */
export const truncatedMarker = 'mcpsim/truncated';

const previewChars = 1024;

/**
 * The occurrence key of an arguments key: itself, or `sha256:<hex>` past `maxLoggedChars` (the log
 * keeps that instead of a megabyte of text; fixture replay still counts such calls apart).
 *
 * @example
 *   compactArgumentsKey('{"q":"x"}'); // '{"q":"x"}'
 */
export function compactArgumentsKey(argumentsKey: string): string {
  // JSON object text starts with "{", so a short key can never read like a digest.
  return argumentsKey.length <= maxLoggedChars ? argumentsKey : `sha256:${sha256(argumentsKey)}`;
}

/**
 * The entry as the log keeps it, and its size (its world changes included; they are never cut):
 * arguments, key and result past `maxLoggedChars` are replaced by a marked stand-in
 * (`{"mcpsim/truncated": {chars, sha256, preview}}` for the arguments; a text preview with
 * `_meta["mcpsim/truncated"]` for the result).
 *
 * @example
 *   boundCallEntry(entry).entry.arguments; // { 'mcpsim/truncated': { chars: 1048600, sha256: '…', preview: '{"blob":"aaaa…' } }
 */
export function boundCallEntry(entry: CallLogEntry): { entry: CallLogEntry; bytes: number; texts: LoggedTexts } {
  let { arguments: args, result } = entry;
  const argumentsKey = compactArgumentsKey(entry.argumentsKey);
  if (argumentsKey !== entry.argumentsKey) {
    args = { [truncatedMarker]: { chars: entry.argumentsKey.length, sha256: argumentsKey.slice(7), preview: preview(entry.argumentsKey) } };
  }
  const resultText = JSON.stringify(result);
  if (resultText.length > maxLoggedChars) result = toCutResult(result, resultText);
  const bounded =
    args === entry.arguments && result === entry.result && argumentsKey === entry.argumentsKey
      ? entry
      : { ...entry, arguments: args, argumentsKey, result };
  // The texts the log stores, made once here: the store writes them as they are (memory-writes.ts).
  // The arguments key is the canonical arguments' text already (memory-log.ts): not serialised a second time.
  const texts: LoggedTexts = {
    arguments: args === entry.arguments ? entry.argumentsKey : JSON.stringify(args),
    result: result === entry.result ? resultText : JSON.stringify(result),
    changes: entry.changes ? JSON.stringify(entry.changes) : null,
  };
  const bytes =
    argumentsKey.length +
    (args === entry.arguments ? entry.argumentsKey.length : texts.arguments.length) +
    texts.result.length +
    // What the call changed is kept whole (the world is rebuilt from it), but it counts against the bound.
    (texts.changes?.length ?? 0);
  return { entry: bounded, bytes, texts };
}

/** A bounded entry's arguments, result and world changes as JSON text, as the log stores them. */
export interface LoggedTexts {
  arguments: string;
  result: string;
  changes: string | null;
}

function toCutResult(result: LoggedResult, text: string): LoggedResult {
  const meta = result._meta === undefined || JSON.stringify(result._meta).length > previewChars ? {} : result._meta;
  return {
    content: [{ type: 'text', text: preview(text) }],
    ...(result.isError === undefined ? {} : { isError: result.isError }),
    _meta: { ...meta, [truncatedMarker]: { chars: text.length, sha256: sha256(text) } },
  };
}

/**
 * The start of `text` as a string of its own: a plain slice would keep the whole megabyte alive
 * (V8 slices point into their parent), which is what the log must not hold.
 */
function preview(text: string): string {
  return Buffer.from(text.slice(0, previewChars), 'utf8').toString('utf8');
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * The key fixture-replay occurrences are counted under: the tool and its arguments key, a digest
 * past 128 characters (so the counts, which outlive retention, stay small). The same for an
 * arguments key and its compacted form (`compactArgumentsKey`).
 *
 * @example
 *   toOccurrenceKey('search', '{"q":"x"}'); // 'search\n{"q":"x"}'
 */
export function toOccurrenceKey(tool: string, argumentsKey: string): string {
  if (argumentsKey.length <= 128) return `${tool}\n${argumentsKey}`;
  return `${tool}\n${argumentsKey.startsWith('sha256:') ? argumentsKey : `sha256:${sha256(argumentsKey)}`}`;
}
