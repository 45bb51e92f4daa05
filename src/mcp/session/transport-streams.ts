import type { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { JsonRpcId } from '../json-rpc.js';

/** The stream id the SDK transport gives a session's GET stream (it never ends by itself). */
const standaloneStreamId = '_GET_stream';

/** The transport's own tables, which it keeps private (SDK 1.32.2, pinned in package.json). */
interface TransportTables {
  _requestToStreamMapping?: Map<JsonRpcId, string>;
  _streamMapping?: Map<string, { cleanup: () => void }>;
}

export interface TransportStreams {
  /**
   * Ends the stream of a request that will get no response (the client cancelled it: the protocol
   * sends none), and forgets the request, which the transport would otherwise keep until the session ends.
   */
  endCancelled(id: JsonRpcId): void;
  /**
   * After a client resumed a stream (`Last-Event-ID`): ends it once its replayed events are sent
   * when none of its requests is still being answered (its response was among them, or the request
   * was cancelled), instead of holding it open with keep-alives forever. The GET stream stays.
   */
  endIfSettled(streamId: string): void;
}

/**
 * The two things the SDK's Streamable HTTP transport does not do itself: end a cancelled request's
 * stream (it waits for a response that never comes) and end a resumed stream that has nothing more
 * to carry. Both need its private tables; where they are missing (another SDK version) nothing is
 * done, and test/mcp/session-lifetimes.test.ts fails, which is the signal to look again.
 *
 * @example
 *   const streams = toTransportStreams(transport);
 *   extra.signal.addEventListener('abort', () => streams.endCancelled(request.id));
 */
export function toTransportStreams(transport: WebStandardStreamableHTTPServerTransport): TransportStreams {
  const tables = transport as unknown as TransportTables;
  return {
    endCancelled(id) {
      transport.closeSSEStream(id);
      tables._requestToStreamMapping?.delete(id);
    },
    endIfSettled(streamId) {
      const requests = tables._requestToStreamMapping;
      if (streamId === standaloneStreamId || !requests) return;
      for (const stream of requests.values()) if (stream === streamId) return;
      tables._streamMapping?.get(streamId)?.cleanup();
    },
  };
}
