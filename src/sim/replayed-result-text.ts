import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ResultOrigin } from '../domain/memory-log.js';

/**
 * The JSON text of each recorded result a fixture replays, made once per recorded object (the
 * replay source keeps it while its file is unchanged, and reads a changed file into new objects):
 * null when the recording has its own `_meta`, which the call's is merged into.
 */
const recordedTexts = new WeakMap<CallToolResult, string | null>();

/**
 * `JSON.stringify` of the answer the runner makes from a recorded result, `{ ...recorded, _meta: {
 * "mcpsim/source", "mcpsim/sequence" } }`, without serialising the recording again on every call:
 * its text, made once, with the call's `_meta` put after its last key (where the spread puts it).
 * Undefined when the recording has a `_meta` of its own (then the caller serialises the answer).
 * A replayed 6,000-character answer was serialised whole for the log on each call.
 *
 * @example
 *   toReplayedResultText({ content: [{ type: 'text', text: 'ok' }] }, 'fixture', 3);
 *   // '{"content":[{"type":"text","text":"ok"}],"_meta":{"mcpsim/source":"fixture","mcpsim/sequence":3}}'
 */
export function toReplayedResultText(recorded: CallToolResult, source: ResultOrigin, sequence: number): string | undefined {
  let text = recordedTexts.get(recorded);
  if (text === undefined) recordedTexts.set(recorded, (text = '_meta' in recorded ? null : JSON.stringify(recorded)));
  if (text === null) return undefined;
  const meta = `"_meta":{"mcpsim/source":${JSON.stringify(source)},"mcpsim/sequence":${JSON.stringify(sequence)}}`;
  return text === '{}' ? `{${meta}}` : `${text.slice(0, -1)},${meta}}`;
}
