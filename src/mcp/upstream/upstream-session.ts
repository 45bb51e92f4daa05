import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Implementation, Progress, ServerCapabilities, Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { toUpstreamError, UpstreamError } from './upstream-failure.js';

/**
 * An initialized MCP client of one real server, however it is reached: an HTTP upstream from the
 * pool, or a local server paired over an uplink. The relay asks nothing else of it.
 */
export interface UpstreamSession {
  serverInfo: Implementation;
  capabilities: ServerCapabilities;
  instructions: string | undefined;
  protocolVersion: string;
  /**
   * Sends one request and returns the upstream's result as is (no client-side reshaping). In an
   * MCP session, `signal` cancels it upstream (`notifications/cancelled`) and `onprogress` hears
   * its progress (the SDK gives the request a token of its own, so two clients never collide).
   */
  request(method: string, params: unknown, timeoutMs: number, options?: UpstreamRequestOptions): Promise<Record<string, unknown>>;
  notify(method: string, params: unknown): Promise<void>;
}

/** What a request relayed inside an MCP session carries besides its message. */
export interface UpstreamRequestOptions {
  signal?: AbortSignal;
  onprogress?: (progress: Progress) => void;
}

/** An upstream client session opened for one MCP session: what it receives is handed on to that session. */
export interface DedicatedUpstream {
  session: UpstreamSession;
  /** Notifications the upstream sends (other than progress, which goes to its request). */
  /** False once the client closed (its upstream stopped, or its event stream broke): open another. */
  isOpen(): boolean;
  onNotification(handler: (method: string, params: Record<string, unknown> | undefined) => void): void;
  /** Requests the upstream sends to the client (sampling, elicitation, roots). */
  onRequest(
    handler: (method: string, params: Record<string, unknown> | undefined, signal: AbortSignal) => Promise<Record<string, unknown>>,
  ): void;
  close(): Promise<void>;
}

const looseResult = z.looseObject({});

/**
 * The session of an SDK `Client` that has connected. `label` names the server in messages (its
 * URL, or the uplink it is paired with); `onFailure` hears of every failure that is not the
 * server's own JSON-RPC error (the pool then drops a session that may be broken).
 *
 * @example
 *   const session = toUpstreamSession(client, { label: 'http://127.0.0.1:9000/mcp', serverInfo, protocolVersion: '2025-06-18' });
 *   await session.request('tools/list', undefined, 5000);
 */
export function toUpstreamSession(
  client: Client,
  options: { label: string; serverInfo: Implementation; protocolVersion: string; onFailure?: (failure: UpstreamError) => void },
): UpstreamSession {
  const { label, onFailure } = options;
  return {
    serverInfo: options.serverInfo,
    capabilities: client.getServerCapabilities() ?? {},
    instructions: client.getInstructions(),
    protocolVersion: options.protocolVersion,
    async request(method, params, timeoutMs, { signal, onprogress } = {}) {
      try {
        const message = params === undefined ? { method } : { method, params: params as Record<string, unknown> };
        const options = {
          timeout: timeoutMs,
          ...(signal ? { signal } : {}),
          // A call that reports progress is alive: each report restarts its timeout, up to four times the bound.
          ...(onprogress ? { onprogress, resetTimeoutOnProgress: true, maxTotalTimeout: timeoutMs * 4 } : {}),
        };
        const answer = client.request(message, looseResult, options);
        return await (onprogress ? answer : withDeadline(answer, timeoutMs, label));
      } catch (error) {
        const failure = toUpstreamError(error, label, timeoutMs);
        if (failure.kind !== 'rpc') onFailure?.(failure);
        throw failure;
      }
    },
    async notify(method, params) {
      await client.notification(params === undefined ? { method } : { method, params: params as Record<string, unknown> }).catch(() => {});
    },
  };
}

/**
 * Every tool of a session (all pages), the whole listing bounded by `deadline` (a
 * `performance.now()` time). A listing that never ends is cut at 10,000 tools.
 *
 * @example
 *   const tools = await listAllTools(session, performance.now() + 5000, 'http://127.0.0.1:9000/mcp');
 */
export async function listAllTools(session: UpstreamSession, deadline: number, label: string): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  do {
    const left = Math.max(1, deadline - performance.now());
    const page = await session.request('tools/list', cursor === undefined ? undefined : { cursor }, Math.round(left));
    if (!Array.isArray(page.tools)) throw new UpstreamError('not_mcp', `${safeHost(label)} answered tools/list without a "tools" list`);
    tools.push(...(page.tools as Tool[]));
    cursor = typeof page.nextCursor === 'string' && page.nextCursor !== '' ? page.nextCursor : undefined;
  } while (cursor !== undefined && tools.length < 10_000);
  return tools;
}

/**
 * Rejects with a timeout when `work` outlives `ms` by a margin (a last guard: the SDK has its own timers).
 *
 * @example
 *   await withDeadline(client.connect(transport), 5000, url);
 */
export function withDeadline<T>(work: Promise<T>, ms: number, label: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new UpstreamError('timeout', `${safeHost(label)} did not answer within ${ms} ms`)), ms + 250);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** The host of a URL label; any other label as it is. */
export function safeHost(label: string): string {
  try {
    return new URL(label).host;
  } catch {
    return label;
  }
}
