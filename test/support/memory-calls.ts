import { expect } from 'vitest';
import type { CallLogEntry, WorldChanges } from '../../src/domain/memory-log.js';
import type { MemoryStore } from '../../src/store/memory-store.js';
import { testStart } from './harness.js';

/** A logged call; `sequence` and `occurrence` are the caller's to get right, as the simulator will. */
export function callEntry(
  sequence: number,
  tool: string,
  args: Record<string, unknown>,
  occurrence = 1,
  text = `${tool} #${sequence}`,
): CallLogEntry {
  return {
    sequence,
    tool,
    arguments: args,
    argumentsKey: JSON.stringify(args),
    occurrence,
    result: { content: [{ type: 'text', text }] },
    source: 'model',
    model: 'test-model',
    usage: { inputTokens: 10, outputTokens: 5 },
    latencyMs: 12.5,
    at: testStart,
  };
}

/** Appends a call the way the simulator does: next sequence and occurrence from the store; `text` is the result's. */
export async function recordCall(
  memory: MemoryStore,
  key: number,
  tool: string,
  args: Record<string, unknown>,
  options: { changes?: WorldChanges; text?: string } = {},
): Promise<CallLogEntry> {
  const argumentsKey = JSON.stringify(args);
  const sequence = memory.load(key).nextSequence;
  const logged = callEntry(sequence, tool, args, memory.nextOccurrence(key, tool, argumentsKey), options.text);
  expect(await memory.append(key, logged, options.changes)).toBe(true);
  return logged;
}
