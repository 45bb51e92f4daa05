/**
 * A captured mock sends what the real server sent before a recorded result, in the same order
 * (docs/capture.md, "Use it as a mock"): progress reports under the client's own token (none
 * when it gave none), log messages at or above the session's level, other notifications as they
 * were, and server → client requests asked again. A recorded elicitation's answer is checked
 * against the recording's shape (the same action, the same content keys): a client that answers
 * otherwise gets an error result that says what differed, as the real server could not have
 * answered it with the recorded result.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolEvent } from '../../domain/tool-event.js';
import { logLevels, type LogLevel } from '../../domain/tool-script.js';
import type { RequestExchange } from '../session/session-handler.js';
import { isLogged, sendToolEvents } from './tool-events.js';

export interface RecordedCall {
  tool: string;
  events: readonly ToolEvent[];
  /** The client's `_meta.progressToken` for this call. */
  progressToken: string | number | undefined;
}

/**
 * Sends the events; null when the recorded result may follow, else the error result to answer instead.
 *
 * @example
 *   const refused = await replayRecordedEvents({ tool: 'book', events, progressToken: 7 }, exchange);
 *   return refused ?? recordedResult;
 */
export async function replayRecordedEvents(
  { tool, events, progressToken }: RecordedCall,
  exchange: Pick<RequestExchange, 'notify' | 'ask' | 'signal' | 'capabilities'> & { session: { logLevel: string | null } },
): Promise<CallToolResult | null> {
  // What this client is sent: its own progress token, the log levels it asked for.
  const sent = events.flatMap((event): ToolEvent[] => {
    if (event.kind === 'request') return [event];
    if (event.method === 'notifications/progress')
      return progressToken === undefined ? [] : [{ ...event, params: { ...event.params, progressToken } }];
    const level = event.params?.level;
    const logged =
      event.method !== 'notifications/message' ||
      !logLevels.includes(level as LogLevel) ||
      isLogged(level as LogLevel, exchange.session.logLevel);
    return logged ? [event] : [];
  });
  const answers = await sendToolEvents(sent, exchange, { signal: exchange.signal });
  const asked = sent.filter((event) => event.kind === 'request');
  for (const [index, event] of asked.entries()) {
    const answer = answers[index]!;
    if ('error' in answer)
      return errorResult(`${tool}: the client answered the recorded ${event.method} request with an error: ${answer.error.message}`);
    if (event.method === 'elicitation/create') {
      const difference = toElicitationDifference(event.answer, answer.result);
      if (difference) return errorResult(`${tool}: the recorded result followed ${difference}, so it cannot be replayed for this answer`);
    }
  }
  return null;
}

/**
 * What differs between the recorded elicitation answer and the client's, by shape: the action,
 * then the content keys; null when they agree.
 */
export function toElicitationDifference(recorded: unknown, given: Record<string, unknown>): string | null {
  const shape = (answer: unknown) => {
    const { action, content } = (answer ?? {}) as { action?: unknown; content?: unknown };
    const keys = content !== null && typeof content === 'object' ? Object.keys(content).sort() : [];
    return { action: typeof action === 'string' ? action : '(none)', keys };
  };
  const [was, now] = [shape(recorded), shape(given)];
  if (was.action !== now.action) return `an elicitation answered with action "${was.action}", and the client answered "${now.action}"`;
  if (was.keys.join('\0') !== now.keys.join('\0'))
    return `an elicitation answered with content keys [${was.keys.join(', ')}], and the client answered [${now.keys.join(', ')}]`;
  return null;
}

function errorResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}
