/**
 * A mock tool call with scripted events (`mock.tools.<tool>`: log, elicit, sample, progress),
 * answered in a session: the log messages, then the elicitation and sampling requests with the
 * client's answers, then the call itself with its progress notifications spread over it (over a
 * fault's latency when one applies), then the result. Everything before the result goes on the
 * request's own stream, so the client sees it in order.
 */
import type { CallToolResult, ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import type { ToolScript } from '../../domain/tool-script.js';
import { toProgressEvents, sendToolEvents, toScriptedEvents, type ToolEventAnswers } from './tool-events.js';
import type { RequestExchange } from '../session/session-handler.js';

export interface ScriptedCall {
  tool: string;
  script: ToolScript;
  exchange: RequestExchange;
  /** The client's `_meta.progressToken`; without one no progress is sent. */
  progressToken: string | number | undefined;
  /** The fault latency the call will wait out, over which progress is spread. */
  latencyMs: number;
  /** Runs the call: its JSON-RPC answer. */
  run(): Promise<{ result?: CallToolResult; error?: unknown }>;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * @example
 *   const answer = await callWithScript({ tool: 'delete_issue', script, exchange, progressToken: 1, latencyMs: 0, run });
 */
export async function callWithScript(call: ScriptedCall): Promise<{ result?: CallToolResult; error?: unknown }> {
  const { tool, script, exchange } = call;
  const refused = checkCapabilities(tool, script, exchange.capabilities);
  if (refused) return { result: refused };
  const answers = await sendToolEvents(toScriptedEvents(script, exchange.session.logLevel), exchange, { signal: exchange.signal });
  const requests = [...(script.elicit ? ['elicitation' as const] : []), ...(script.sample ? ['sampling' as const] : [])];
  const meta: Record<string, unknown> = {};
  for (const [index, kind] of requests.entries()) {
    const answer = answers[index] as ToolEventAnswers[number];
    if ('error' in answer)
      return { result: errorResult(`${tool}: the client answered the ${kind} request with an error: ${answer.error.message}`) };
    if (kind === 'elicitation' && answer.result.action !== 'accept') {
      const action = answer.result.action === 'decline' ? 'declined' : 'cancelled';
      return { result: errorResult(`${tool}: the user ${action} the request "${script.elicit!.message}", so nothing was done`) };
    }
    meta[`mcpsim/${kind}`] = answer.result;
  }
  const answered = await runWithProgress(call);
  if (!answered.result || Object.keys(meta).length === 0) return answered;
  return { result: { ...answered.result, _meta: { ...answered.result._meta, ...meta } } };
}

/** The call, with its progress notifications sent at even steps over the fault's latency (all of them, in order, before the result). */
async function runWithProgress(call: ScriptedCall) {
  const { script, progressToken, exchange, latencyMs } = call;
  if (script.progress === undefined || progressToken === undefined) return call.run();
  const sleep = call.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let done = false;
  const running = call.run().finally(() => {
    done = true;
  });
  const events = toProgressEvents(script.progress, progressToken);
  const step = latencyMs / events.length;
  for (const [index, event] of events.entries()) {
    if (index > 0 && !done && step > 0)
      await Promise.race([
        sleep(step),
        running.then(
          () => undefined,
          () => undefined,
        ),
      ]);
    await sendToolEvents([event], exchange);
  }
  return running;
}

/** An error result when the script asks the client for what it did not declare it can do. */
function checkCapabilities(tool: string, script: ToolScript, capabilities: ClientCapabilities): CallToolResult | null {
  if (script.elicit && !capabilities.elicitation)
    return errorResult(
      `${tool} asks the user (elicitation/create), but the client did not declare the elicitation capability in initialize`,
    );
  if (script.sample && !capabilities.sampling)
    return errorResult(
      `${tool} asks for a completion (sampling/createMessage), but the client did not declare the sampling capability in initialize`,
    );
  return null;
}

/** The error result of a call that needs to ask the client something outside a session. */
export function toSessionNeededResult(tool: string, script: ToolScript): CallToolResult | null {
  const asks = [...(script.elicit ? ['elicitation/create'] : []), ...(script.sample ? ['sampling/createMessage'] : [])];
  if (asks.length === 0) return null;
  return errorResult(
    `${tool} sends ${asks.join(' and ')} to the client before it answers, which needs an MCP session: initialize first and send the Mcp-Session-Id it answers with`,
  );
}

function errorResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}
