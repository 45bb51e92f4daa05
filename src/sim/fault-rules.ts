/**
 * Faults put on connections by a test (`PUT /__mcpsim/connections/{ns}/{id}/faults`): latency,
 * an error on the n-th call, a status change after n calls. The rules and their call counters
 * live in memory, per platform, keyed by the connection's store key: they do not survive a
 * restart, and setting them again restarts the counters.
 */
import { toMilliseconds, type Fault } from '../domain/fault.js';

/** What the faults do to a call before it is answered. */
export interface FaultEffect {
  /** How long to wait before answering (the largest latency of the rules that apply). */
  latencyMs: number;
  /** When set, the call fails with this text instead of being answered. */
  error: string | null;
}

/** A status a rule moves the connection to, once its call count is reached. */
export interface FaultStatusChange {
  state: 'auth_required' | 'input_required' | 'error' | 'disconnected';
  message: string | null;
}

export interface FaultRules {
  /** Replaces the connection's rules and restarts its counters. */
  set(key: number, faults: readonly Fault[]): void;
  /** The connection's rules and how many calls were counted since they were set; null when it has none. */
  get(key: number): { faults: Fault[]; calls: number } | null;
  /** Drops the connection's rules; false when it had none. */
  clear(key: number): boolean;
  /** Counts a call of `tool` and says what the rules do to it. Call once per call, before answering. */
  beforeCall(key: number, tool: string): FaultEffect;
  /** The latency the rules put on the next call of `tool`, counting nothing (progress is spread over it). */
  latencyOf(key: number, tool: string): number;
  /** The status change the call just counted triggers, if any. Call after answering it. */
  afterCall(key: number, tool: string): FaultStatusChange | null;
}

interface RuleSet {
  faults: Fault[];
  calls: number;
  callsByTool: Map<string, number>;
}

const none: FaultEffect = { latencyMs: 0, error: null };

/**
 * @example
 *   const faults = createFaultRules();
 *   faults.set(7, [{ tool: 'search', error: { onCall: 3, message: 'rate limited' } }]);
 *   faults.beforeCall(7, 'search'); // { latencyMs: 0, error: null } (calls 1 and 2), then error 'rate limited' on call 3
 */
export function createFaultRules(): FaultRules {
  const sets = new Map<number, RuleSet>();

  /** The rule's count for the current call: calls of its tool, or of every tool. */
  const countFor = (set: RuleSet, fault: Fault) => (fault.tool === undefined ? set.calls : (set.callsByTool.get(fault.tool) ?? 0));
  const applies = (fault: Fault, tool: string) => fault.tool === undefined || fault.tool === tool;

  return {
    set(key, faults) {
      sets.set(key, { faults: structuredClone([...faults]), calls: 0, callsByTool: new Map() });
    },
    get(key) {
      const set = sets.get(key);
      return set ? { faults: structuredClone(set.faults), calls: set.calls } : null;
    },
    clear(key) {
      return sets.delete(key);
    },
    beforeCall(key, tool) {
      const set = sets.get(key);
      if (!set) return none;
      set.calls += 1;
      set.callsByTool.set(tool, (set.callsByTool.get(tool) ?? 0) + 1);
      let latencyMs = 0;
      let error: string | null = null;
      for (const fault of set.faults) {
        if (!applies(fault, tool)) continue;
        if (fault.latency !== undefined) latencyMs = Math.max(latencyMs, toMilliseconds(fault.latency));
        const count = countFor(set, fault);
        if (error === null && fault.error && fault.error.onCall === count) {
          error =
            fault.error.message ??
            `Injected fault: call ${count}${fault.tool === undefined ? '' : ` of ${tool}`} fails (set with PUT /__mcpsim/connections/.../faults)`;
        }
      }
      return { latencyMs, error };
    },
    latencyOf(key, tool) {
      let latencyMs = 0;
      for (const fault of sets.get(key)?.faults ?? []) {
        if (applies(fault, tool) && fault.latency !== undefined) latencyMs = Math.max(latencyMs, toMilliseconds(fault.latency));
      }
      return latencyMs;
    },
    afterCall(key, tool) {
      const set = sets.get(key);
      if (!set) return null;
      for (const fault of set.faults) {
        if (!fault.status || !applies(fault, tool) || countFor(set, fault) !== fault.status.after) continue;
        return { state: fault.status.state, message: fault.status.message ?? null };
      }
      return null;
    },
  };
}
