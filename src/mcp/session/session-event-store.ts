import type { EventStore } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { defaultMcpSessionStoreLimits, type McpSessionStoreLimits } from '../../domain/mcp-limits.js';

/**
 * The events of one MCP session's streams, kept in memory so a client that lost a stream can
 * resume it with `Last-Event-ID` (the SDK transport asks this store). Bounded in count and in
 * characters of JSON (domain/mcp-limits.ts): the oldest events go first, so a resume from further
 * back replays what is left, and an event larger than the whole budget is sent but not kept (a
 * session of forty 8 MB answers used to keep them all and end the process). An event id is
 * `<stream id>:<number>`, the number counting the session's events.
 *
 * @example
 *   const events = createSessionEventStore();
 *   const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: () => id, eventStore: events });
 */
export function createSessionEventStore(
  limits: Pick<McpSessionStoreLimits, 'keptEvents' | 'keptEventCharacters'> = defaultMcpSessionStoreLimits,
): EventStore & { kept(): { events: number; characters: number } } {
  const events = new Map<string, { streamId: string; number: number; message: JSONRPCMessage; characters: number }>();
  let counter = 0;
  let characters = 0;

  const streamOf = (eventId: string): string | undefined => {
    const at = eventId.lastIndexOf(':');
    const number = Number(eventId.slice(at + 1));
    return at > 0 && Number.isSafeInteger(number) ? eventId.slice(0, at) : undefined;
  };

  return {
    async storeEvent(streamId, message) {
      const eventId = `${streamId}:${++counter}`;
      // The transport writes the same JSON: its length is what the event costs to keep.
      const size = JSON.stringify(message).length;
      if (size > limits.keptEventCharacters) return eventId;
      events.set(eventId, { streamId, number: counter, message, characters: size });
      characters += size;
      while (events.size > limits.keptEvents || characters > limits.keptEventCharacters) {
        const [oldest, event] = events.entries().next().value!;
        events.delete(oldest);
        characters -= event.characters;
      }
      return eventId;
    },
    async getStreamIdForEventId(eventId) {
      return streamOf(eventId);
    },
    async replayEventsAfter(lastEventId, { send }) {
      const streamId = streamOf(lastEventId);
      if (streamId === undefined) throw new Error(`"${lastEventId}" is not an event id of this session`);
      const after = Number(lastEventId.slice(streamId.length + 1));
      for (const [eventId, event] of events) {
        // The priming event (an empty message) only marks where a stream started.
        if (event.streamId === streamId && event.number > after && Object.keys(event.message).length > 0)
          await send(eventId, event.message);
      }
      return streamId;
    },
    kept: () => ({ events: events.size, characters }),
  };
}
