/**
 * Counts tool calls per connection, in memory for the life of the process: the occurrence of each
 * identical call (same tool, same canonical arguments) and a sequence number over all calls.
 * The simulator work moves this into the connection's memory log (persisted, and dropped with
 * the connection).
 */
export interface CallCounter {
  /** The next sequence number of any tool call on the connection (1, 2, ...). */
  nextSequence(connectionKey: string): number;
  /** How many times this call has now been made on the connection, this one included. */
  nextOccurrence(connectionKey: string, tool: string, argumentsKey: string): number;
}

export function createCallCounter(): CallCounter {
  const sequences = new Map<string, number>();
  const occurrences = new Map<string, Map<string, number>>();
  return {
    nextSequence(connectionKey) {
      const next = (sequences.get(connectionKey) ?? 0) + 1;
      sequences.set(connectionKey, next);
      return next;
    },
    nextOccurrence(connectionKey, tool, argumentsKey) {
      let calls = occurrences.get(connectionKey);
      if (!calls) occurrences.set(connectionKey, (calls = new Map()));
      const key = `${tool}\n${argumentsKey}`;
      const next = (calls.get(key) ?? 0) + 1;
      calls.set(key, next);
      return next;
    },
  };
}
