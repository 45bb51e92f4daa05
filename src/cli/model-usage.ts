import type { Scenario } from '../scenario/scenario-schema.js';
import { requestPlatform, toPathSegment, type ScenarioPlatform } from '../scenario/platform-request.js';
import { isRecord } from '../domain/json-record.js';

/** The tokens a model was billed for over some calls (every attempt counted, failed calls too). */
export interface ModelUsage {
  /** Calls the model was asked about (each with its usage logged). */
  calls: number;
  inputTokens: number;
  outputTokens: number;
  /** Of `inputTokens`, read from the provider's prompt cache (billed cheaper). */
  cachedInputTokens: number;
}

export const noUsage: ModelUsage = { calls: 0, inputTokens: 0, outputTokens: 0, cachedInputTokens: 0 };

/**
 * The model usage in the call logs of a scenario's mock connections, read through the platform's
 * memory API before the run's platform closes. A shared world logs one call once, whichever
 * connection made it, so its entries are counted by sequence once per namespace.
 *
 * @example
 *   const usage = await readModelUsage(door, scenario); // { calls: 7, inputTokens: 21400, outputTokens: 1900 }
 */
export async function readModelUsage(door: ScenarioPlatform, scenario: Scenario): Promise<ModelUsage> {
  const seen = new Set<string>();
  const total = { ...noUsage };
  for (const namespace of scenario.namespaces) {
    for (const connection of namespace.connections) {
      if (!connection.mock) continue;
      const path = `/__mcpsim/connections/${toPathSegment(namespace.name)}/${toPathSegment(connection.id)}/memory`;
      const answer = await requestPlatform(door, 'GET', path);
      const calls = isRecord(answer.body) && Array.isArray(answer.body.calls) ? (answer.body.calls as unknown[]) : [];
      for (const entry of calls) {
        if (!isRecord(entry) || !isRecord(entry.usage)) continue;
        const key = namespace.sharedWorld
          ? `${namespace.name}:${String(entry.sequence)}`
          : `${namespace.name}/${connection.id}:${String(entry.sequence)}`;
        if (seen.has(key)) continue;
        seen.add(key);
        total.calls++;
        total.inputTokens += Number(entry.usage.inputTokens) || 0;
        total.outputTokens += Number(entry.usage.outputTokens) || 0;
        total.cachedInputTokens += Number(entry.usage.cachedInputTokens) || 0;
      }
    }
  }
  return total;
}

/** Adds up usages. */
export function addUsage(left: ModelUsage, right: ModelUsage): ModelUsage {
  return {
    calls: left.calls + right.calls,
    inputTokens: left.inputTokens + right.inputTokens,
    outputTokens: left.outputTokens + right.outputTokens,
    cachedInputTokens: left.cachedInputTokens + right.cachedInputTokens,
  };
}

/** `1200 in / 300 out over 4 model calls; per call 300 in / 75 out; per run 600 in / 150 out`. */
export function toUsageLine(usage: ModelUsage, runs: number): string {
  const per = (count: number) =>
    count === 0 ? '0 in / 0 out' : `${Math.round(usage.inputTokens / count)} in / ${Math.round(usage.outputTokens / count)} out`;
  const cached = usage.cachedInputTokens > 0 ? ` (${usage.cachedInputTokens} cached)` : '';
  return `${usage.inputTokens} in${cached} / ${usage.outputTokens} out over ${usage.calls} model call${usage.calls === 1 ? '' : 's'}; per call ${per(usage.calls)}; per run ${per(runs)}`;
}
