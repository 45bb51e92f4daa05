/**
 * Runs a scenario's steps against a platform: each step is one MCP `tools/call` on the
 * connection's endpoint (`POST /connect/{ns}/{id}/mcp`), timed, then its expectations checked.
 * Steps run one after another, in order, since each may change the simulated world.
 */
import { checkExpectation, toResultText, type CallToolResultLike, type CheckResult, type ToolLookup } from './expectations.js';
import { readErrorBody, requestPlatform, toPathSegment, type ScenarioPlatform } from './platform-request.js';
import type { Scenario, ScenarioStep } from './scenario-schema.js';
import { isRecord } from '../domain/json-record.js';

/**
 * Judges a plain-language `check` on a result (a model, built by the caller): `pass` null, or a
 * throw, means it could not judge (the model was unreachable, timed out, answered nonsense).
 */
export type Judge = (check: string, result: CallToolResultLike, step: ScenarioStep) => Promise<{ pass: boolean | null; reason: string }>;

export interface RunStepsOptions {
  /** Judges `check` expectations; without one they are skipped (`notJudged` says why). */
  judge?: Judge;
  /** A check the judge could not judge fails its step, instead of being skipped as "could not judge". */
  strictJudging?: boolean;
  /** Why `check` expectations are not judged when there is no judge; default "no model configured". */
  notJudged?: string;
  /** Milliseconds for timing the calls (default `performance.now`); inject it for stable reports. */
  now?: () => number;
}

export interface StepReport {
  /** The step's `name`, else its `call`. */
  name: string;
  /** `<namespace>/<connection>.<tool>` as the scenario wrote it. */
  call: string;
  namespace: string;
  connectionId: string;
  tool: string;
  /** failed: an error, a replay miss or a failing check; skipped: nothing failed and some check was skipped. */
  outcome: 'passed' | 'failed' | 'skipped';
  /** Time of the `tools/call` request, in milliseconds. */
  durationMs: number;
  checks: CheckResult[];
  /** Why the call itself failed (HTTP or JSON-RPC error, replay miss); absent when it answered. */
  error?: string;
  /** The result came from no fixture (`_meta["mcpsim/source"]` is `fixture-miss`): record it. */
  miss: boolean;
  /** The CallToolResult, when the call answered one. */
  result?: CallToolResultLike;
}

interface StepTarget {
  namespace: string;
  connectionId: string;
  tool: string;
}

/**
 * Runs every step and reports each one; never throws for a failing step (only a failed `fetch`
 * would reject).
 *
 * @example
 *   const reports = await runSteps(scenario, { fetch: platform.app.fetch, baseUrl: 'http://localhost', apiKey }, {});
 *   reports.filter((report) => report.outcome === 'failed');
 */
export async function runSteps(scenario: Scenario, platform: ScenarioPlatform, options: RunStepsOptions = {}): Promise<StepReport[]> {
  const now = options.now ?? (() => performance.now());
  const tools = new Map<string, Map<string, Promise<ToolLookup>>>();
  const lookUpTool = (target: StepTarget): Promise<ToolLookup> => {
    const key = `${target.namespace}/${target.connectionId}`;
    let cache = tools.get(key);
    if (!cache) tools.set(key, (cache = new Map()));
    let lookup = cache.get(target.tool);
    if (!lookup) cache.set(target.tool, (lookup = fetchTool(platform, target)));
    return lookup;
  };

  const reports: StepReport[] = [];
  for (const [index, step] of scenario.steps.entries()) {
    const target = toStepTarget(scenario, step.call);
    const base = { name: step.name ?? step.call, call: step.call, ...target };
    const started = now();
    const answer = await callTool(platform, target, step.arguments, index + 1);
    const durationMs = Math.max(0, now() - started);
    if ('error' in answer) {
      reports.push({ ...base, outcome: 'failed', durationMs, checks: [], error: answer.error, miss: false });
      continue;
    }
    const { result } = answer;
    if (result._meta?.['mcpsim/source'] === 'fixture-miss') {
      // The simulator's miss text already names the call and how to record it.
      const error = `replay miss: ${toResultText(result) || 'no recorded result for this call; record it (mcpsim serve --record)'}`;
      reports.push({ ...base, outcome: 'failed', durationMs, checks: [], error, miss: true, result });
      continue;
    }
    const expect = step.expect ?? {};
    const tool = expect.matchesOutputSchema === true ? await lookUpTool(target) : undefined;
    let checks = checkExpectation(expect, result, tool);
    if (expect.check !== undefined)
      checks = options.judge
        ? await judgeChecks(checks, options.judge, expect.check, result, step, options.strictJudging === true)
        : checks.map((entry) =>
            entry.name === 'check' && options.notJudged
              ? { ...entry, message: `${JSON.stringify(expect.check)}: skipped, ${options.notJudged}` }
              : entry,
          );
    reports.push({ ...base, outcome: toOutcome(checks), durationMs, checks, miss: false, result });
  }
  return reports;
}

/**
 * Splits `<namespace>/<connection>.<tool>`. Connection ids may hold dots, so the longest id the
 * scenario declares in that namespace wins; otherwise the id ends at the first dot.
 */
function toStepTarget(scenario: Scenario, call: string): StepTarget {
  const slash = call.indexOf('/');
  const namespace = call.slice(0, slash);
  const rest = call.slice(slash + 1);
  const declared = scenario.namespaces
    .filter((candidate) => candidate.name === namespace)
    .flatMap((candidate) => candidate.connections.map((connection) => connection.id))
    .filter((id) => rest.startsWith(`${id}.`) && rest.length > id.length + 1)
    .sort((a, b) => b.length - a.length)[0];
  const connectionId = declared ?? rest.slice(0, rest.indexOf('.'));
  return { namespace, connectionId, tool: rest.slice(connectionId.length + 1) };
}

async function callTool(
  platform: ScenarioPlatform,
  target: StepTarget,
  args: Record<string, unknown>,
  id: number,
): Promise<{ result: CallToolResultLike } | { error: string }> {
  const path = `/connect/${toPathSegment(target.namespace)}/${toPathSegment(target.connectionId)}/mcp`;
  const request = { jsonrpc: '2.0', id, method: 'tools/call', params: { name: target.tool, arguments: args } };
  let answer;
  try {
    answer = await requestPlatform(platform, 'POST', path, request, { accept: 'application/json, text/event-stream' });
  } catch (error) {
    return { error: `POST ${path} failed: ${error instanceof Error ? error.message : String(error)}` };
  }
  const body = typeof answer.body === 'string' ? readEventStream(answer.body) : answer.body;
  const rpcError = isRecord(body) && isRecord(body.error) ? body.error : null;
  const describeRpcError = (error: Record<string, unknown>) => `JSON-RPC error ${String(error.code)}: ${String(error.message)}`;
  if (answer.status < 200 || answer.status > 299) {
    const detail = rpcError
      ? describeRpcError(rpcError)
      : (() => {
          const { code, message } = readErrorBody(body);
          return `${code ? `${code}: ` : ''}${message}`;
        })();
    return { error: `HTTP ${answer.status} from POST ${path}: ${detail}` };
  }
  if (rpcError) return { error: describeRpcError(rpcError) };
  if (!isRecord(body) || !isRecord(body.result))
    return { error: `POST ${path} answered ${answer.status} without a JSON-RPC result: ${JSON.stringify(body).slice(0, 200)}` };
  return { result: body.result as CallToolResultLike };
}

/** The last JSON message of a `text/event-stream` body (one SSE `message` event), else the text. */
function readEventStream(text: string): unknown {
  const data = text
    .split(/\r?\n/)
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).trim());
  for (const line of data.reverse()) {
    try {
      return JSON.parse(line) as unknown;
    } catch {
      // not JSON: keep looking
    }
  }
  return text;
}

async function fetchTool(platform: ScenarioPlatform, target: StepTarget): Promise<ToolLookup> {
  // Tool `a.b` lives at `.tools/a/b`.
  const toolPath = target.tool.split('.').map(toPathSegment).join('/');
  const path = `/connect/${toPathSegment(target.namespace)}/${toPathSegment(target.connectionId)}/.tools/${toolPath}`;
  try {
    const answer = await requestPlatform(platform, 'GET', path);
    if (answer.status !== 200) {
      const { code, message } = readErrorBody(answer.body);
      return { error: `GET ${path} answered ${answer.status}${code ? ` ${code}` : ''}: ${message}` };
    }
    if (!isRecord(answer.body) || typeof answer.body.name !== 'string') return { error: `GET ${path} did not answer a tool` };
    return answer.body as ToolLookup;
  } catch (error) {
    return { error: `GET ${path} failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** The judge's verdict as the check's result; a judge that could not judge skips the check, or fails it when judging is strict. */
async function judgeChecks(
  checks: CheckResult[],
  judge: Judge,
  check: string,
  result: CallToolResultLike,
  step: ScenarioStep,
  strict: boolean,
): Promise<CheckResult[]> {
  const quoted = JSON.stringify(check);
  let verdict: { pass: boolean | null; reason: string };
  try {
    verdict = await judge(check, result, step);
  } catch (error) {
    verdict = { pass: null, reason: error instanceof Error ? error.message : String(error) };
  }
  const judged: CheckResult =
    verdict.pass !== null
      ? { name: 'check', pass: verdict.pass, message: `${quoted}: ${verdict.reason}` }
      : strict
        ? { name: 'check', pass: false, message: `${quoted}: could not judge (strict judging fails the step): ${verdict.reason}` }
        : { name: 'check', pass: 'skipped', message: `${quoted}: could not judge: ${verdict.reason}` };
  return checks.map((entry) => (entry.name === 'check' ? judged : entry));
}

function toOutcome(checks: readonly CheckResult[]): StepReport['outcome'] {
  if (checks.some((check) => check.pass === false)) return 'failed';
  return checks.some((check) => check.pass === 'skipped') ? 'skipped' : 'passed';
}
