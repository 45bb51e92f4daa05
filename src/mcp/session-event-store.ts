import type { EventStore } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** Events a session keeps for clients that resume a stream (the oldest go first). */
export const keptSessionEvents = 1000;

/**
 * The events of one MCP session's streams, kept in memory so a client that lost a stream can
 * resume it with `Last-Event-ID` (the SDK transport asks this store). Bounded: only the last
 * `limit` events of the session are kept, so a resume from further back replays what is left.
 * An event id is `<stream id>:<number>`, the number counting the session's events.
 *
 * @example
 *   const events = createSessionEventStore();
 *   const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: () => id, eventStore: events });
 */
export function createSessionEventStore(limit = keptSessionEvents): EventStore {
  const events = new Map<string, { streamId: string; number: number; message: JSONRPCMessage }>();
  let counter = 0;

  const streamOf = (eventId: string): string | undefined => {
    const at = eventId.lastIndexOf(':');
    const number = Number(eventId.slice(at + 1));
    return at > 0 && Number.isSafeInteger(number) ? eventId.slice(0, at) : undefined;
  };

  return {
    async storeEvent(streamId, message) {
      const eventId = `${streamId}:${++counter}`;
      events.set(eventId, { streamId, number: counter, message });
      if (events.size > limit) events.delete(events.keys().next().value!);
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
  };
}
