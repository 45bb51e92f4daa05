/**
 * Sending a tool call's events (`ToolEvent`, domain/tool-event.ts) to the client before its result:
 * the scripted ones of a scenario (`mock.tools.<tool>`: log, elicit, sample, progress) and the
 * recorded ones of a capture go through the same `sendToolEvents`.
 */
import type { ToolEvent } from '../../domain/tool-event.js';
import { logLevels, type LogLevel, type ToolScript } from '../../domain/tool-script.js';
import type { SessionPeer } from '../session/session-handler.js';

/** Where the events go: a session's exchange (the request's own stream). */
export type ToolEventExchange = Pick<SessionPeer, 'notify' | 'ask'>;

/** What the client answered to each request event, in order (a refused request is its error). */
export type ToolEventAnswers = ({ result: Record<string, unknown> } | { error: Error })[];

/**
 * Sends events in order: a notification as it is, a request waiting for the client's answer
 * (a client's error ends nothing: it is the answer). A captured mock calls it with recorded events.
 *
 * @example
 *   const answers = await sendToolEvents([{ kind: 'request', method: 'elicitation/create', params }], exchange);
 *   answers[0]; // { result: { action: 'accept', content: { confirm: true } } }
 */
export async function sendToolEvents(
  events: readonly ToolEvent[],
  exchange: ToolEventExchange,
  options: { signal?: AbortSignal } = {},
): Promise<ToolEventAnswers> {
  const answers: ToolEventAnswers = [];
  for (const event of events) {
    if (event.kind === 'notification') {
      await exchange.notify(event.method, event.params);
      continue;
    }
    try {
      answers.push({ result: await exchange.ask(event.method, event.params, options.signal ? { signal: options.signal } : {}) });
    } catch (error) {
      answers.push({ error: error instanceof Error ? error : new Error(String(error)) });
    }
  }
  return answers;
}

/**
 * The events a script sends before the tool runs, in order: its log messages at or above the
 * session's level, then its elicitation, then its sampling request.
 *
 * @example
 *   toScriptedEvents({ log: ['starting'], elicit: { message: 'Sure?', requestedSchema } }, 'info');
 *   // [{ kind: 'notification', method: 'notifications/message', params: { level: 'info', data: 'starting' } }, { kind: 'request', method: 'elicitation/create', ... }]
 */
export function toScriptedEvents(script: ToolScript, logLevel: string | null): ToolEvent[] {
  const events: ToolEvent[] = [];
  for (const entry of script.log ?? []) {
    const { level, message, logger } = typeof entry === 'string' ? { level: 'info' as const, message: entry, logger: undefined } : entry;
    if (!isLogged(level, logLevel)) continue;
    events.push({ kind: 'notification', method: 'notifications/message', params: { level, ...(logger ? { logger } : {}), data: message } });
  }
  if (script.elicit) {
    events.push({ kind: 'request', method: 'elicitation/create', params: { ...script.elicit } });
  }
  if (script.sample) {
    const { message, systemPrompt, maxTokens } = script.sample;
    const params = {
      messages: [{ role: 'user', content: { type: 'text', text: message } }],
      ...(systemPrompt === undefined ? {} : { systemPrompt }),
      maxTokens,
    };
    events.push({ kind: 'request', method: 'sampling/createMessage', params });
  }
  return events;
}

/** Whether a message at `level` reaches a client that asked for `threshold` (null: it never said, so every message does). */
export function isLogged(level: LogLevel, threshold: string | null): boolean {
  if (threshold === null) return true;
  const at = logLevels.indexOf(threshold as LogLevel);
  return at === -1 || logLevels.indexOf(level) >= at;
}

/** The `count` progress notifications of a call, for the client's token. */
export function toProgressEvents(count: number, progressToken: string | number): ToolEvent[] {
  return Array.from({ length: count }, (_, index) => ({
    kind: 'notification' as const,
    method: 'notifications/progress',
    params: { progressToken, progress: index + 1, total: count, message: `step ${index + 1} of ${count}` },
  }));
}
