/**
 * What can be paired to an uplink connection: a channel carrying MCP messages to and from a local
 * server. A WebSocket from the official CLI (`smithery mcp add -- <command>`) is one; a local
 * stdio process started by mcpsim itself is another. The pairing layer (uplink-pairings.ts) sees
 * only this.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export interface UplinkChannel {
  /** The MCP messages to and from the local server; mcpsim is the MCP client on it. */
  transport: Transport;
  /**
   * Ends the channel, telling the other side why (on a WebSocket: the close code and reason,
   * 1001 `replaced` when another pairing took over).
   */
  end(code: number, reason: string): void;
  /**
   * Why the channel ended, when the channel knows more than "closed" (a stdio process's exit code
   * and stderr); waits a moment for it (the process may be ending), then null.
   */
  endReason?(): Promise<string | null>;
  /**
   * Values the local server was given that must never be stored, logged or written (a stdio
   * process's environment, domain/secrets.ts `toEnvSecretValues`); none for a WebSocket, whose
   * server runs elsewhere.
   */
  secrets?: readonly string[];
}

/**
 * A text-message socket as the socket door hands it over (node/ wraps a `ws` WebSocket in it):
 * one message per frame, both ways.
 */
export interface MessageSocket {
  send(text: string): void;
  close(code: number, reason: string): void;
  onMessage(listener: (text: string) => void): void;
  onClose(listener: (code: number, reason: string) => void): void;
}

/**
 * How long to wait after the WebSocket opened before sending anything: the official CLI attaches
 * its message listener only after its `open` event has been handled, so a message sent in the
 * same tick as the 101 answer can be lost.
 */
export const socketSettleMs = 100;

/**
 * An uplink channel over a message socket, one JSON-RPC message per text frame both ways (the
 * hosted CLI's protocol). A frame that is not one JSON-RPC message is reported as an error and
 * otherwise ignored.
 *
 * @example
 *   const channel = createSocketChannel(socket);
 *   await uplinks.pair(connection, channel, { force: false });
 */
export function createSocketChannel(socket: MessageSocket, { settleMs = socketSettleMs }: { settleMs?: number } = {}): UplinkChannel {
  let closed = false;
  const transport: Transport = {
    start: () => new Promise((resolve) => setTimeout(resolve, settleMs)),
    async send(message: JSONRPCMessage) {
      if (closed) throw new Error('the uplink socket is closed');
      socket.send(JSON.stringify(message));
    },
    async close() {
      end(1000, 'closing');
    },
  };
  const end = (code: number, reason: string) => {
    if (closed) return;
    closed = true;
    socket.close(code, reason);
  };
  socket.onMessage((text) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      transport.onerror?.(new Error(`the uplink sent a frame that is not JSON: ${text.slice(0, 80)}`));
      return;
    }
    const message = JSONRPCMessageSchema.safeParse(parsed);
    if (message.success) transport.onmessage?.(message.data);
    else transport.onerror?.(new Error(`the uplink sent a frame that is not one JSON-RPC message: ${text.slice(0, 80)}`));
  });
  socket.onClose(() => {
    closed = true;
    transport.onclose?.();
  });
  return { transport, end };
}
