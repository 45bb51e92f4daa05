import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { toReplayedResultText } from './replayed-result-text.js';

/** What the runner answers and logs for a replayed recording, serialised the plain way. */
const answered = (recorded: CallToolResult, sequence: number) =>
  JSON.stringify({ ...recorded, _meta: { ...recorded._meta, 'mcpsim/source': 'fixture', 'mcpsim/sequence': sequence } });

describe('toReplayedResultText', () => {
  it('is the text of the answer the runner makes from a recording, byte for byte', () => {
    const recordings = [
      { content: [{ type: 'text', text: 'ok' }] },
      { content: [{ type: 'text', text: 'quotes " and \\ and \u2028 and é' }], isError: true },
      { structuredContent: { items: [1, { a: null }] }, content: [] },
      {} as CallToolResult,
    ] as CallToolResult[];
    for (const recorded of recordings)
      for (const sequence of [1, 42, 10_000])
        expect(toReplayedResultText(recorded, 'fixture', sequence)).toBe(answered(recorded, sequence));
  });

  it('leaves a recording with a _meta of its own to the caller, who merges the call’s into it', () => {
    expect(toReplayedResultText({ content: [], _meta: { trace: 'x' } }, 'fixture', 3)).toBeUndefined();
  });

  it('serialises a recording once, however often it is replayed', () => {
    const recorded = { content: [{ type: 'text', text: 'once' }] } as CallToolResult;
    toReplayedResultText(recorded, 'fixture', 1);
    // Changed in place (nothing does so) the cached text stays: the text is made once per recorded object.
    (recorded.content[0] as { text: string }).text = 'twice';
    expect(toReplayedResultText(recorded, 'fixture', 2)).toContain('"once"');
  });
});
