import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Clock } from '../domain/clock.js';
import type { Connection, ConnectionPlace } from '../domain/connection.js';
import type { CallLogEntry, ResultOrigin } from '../domain/memory-log.js';
import type { PromptDefinition, ResourceDefinition, ToolDefinition } from '../domain/registry.js';
import type { Memory } from '../store/memory-cache.js';
import type { MemoryKey } from '../store/memory-keys.js';
import type { MemoryStore } from '../store/memory-store.js';
import type { RegistryStore } from '../store/registry-store.js';
import { createArgumentValidator } from './argument-validator.js';
import { sortKeys } from './source/canonical-json.js';
import { toErrorResult } from './source/error-result.js';
import { createFaultRules, type FaultRules, type FaultStatusChange } from './fault-rules.js';
import { createSerialQueue } from './serial-queue.js';
import type { ToolCall, ToolResolution, ToolResultSource } from './source/tool-result-source.js';
import type { ToolEvent } from '../domain/tool-event.js';

/** A mock connection: one whose tools come from its registry entry and whose results the result pipeline makes. */
export type MockConnection = Connection & { server: string };

/** A registry entry's tools as a mock connection serves them, cached until the registry changes. */
export interface ServerTools {
  tools: ToolDefinition[];
  byName: ReadonlyMap<string, ToolDefinition>;
  /** What the model's prompt says about the server. */
  displayName: string;
  description: string;
  /** The resources and prompts the registry entry lists (a mock connection's MCP endpoint lists them). */
  resources: ResourceDefinition[];
  prompts: PromptDefinition[];
}

/** Told when a fault rule moves a connection to another status; the API stores it (with a setup link made for `place`). */
export type StatusFaultHandler = (connection: Connection, change: FaultStatusChange, place: ConnectionPlace) => void;

export interface MockToolRunnerOptions {
  registry: Pick<RegistryStore, 'get' | 'revision'>;
  /** Each mock connection's call log and world state. */
  memory: Pick<MemoryStore, 'load' | 'nextOccurrence' | 'append' | 'keyFor' | 'sharersOf'>;
  /** Stamps the call log. */
  clock: Clock;
  /** Where results come from (fixtures, the simulator, the model, synthesized values: see tool-results.ts). */
  toolResults: ToolResultSource;
  /** Faults put on connections (latency, errors, status changes); default: a fresh, empty set. */
  faults?: FaultRules;
  /** Where a fault's status change goes; injected when the app is built. */
  onStatusFault?: StatusFaultHandler;
  /** Waits out a fault's latency, or less when `signal` aborts (injectable so a test need not sleep); default: a timer. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** What a caller of `run` may want to hear besides the result. */
export interface RunOptions {
  /** Told, before the result is returned, of the events a recorded fixture holds for the call (what to send the client first). */
  onEvents?: (events: readonly ToolEvent[]) => void;
}

export interface MockToolRunner {
  /** The registry entry's tools, as `tools/list` and `GET .../.tools` answer them. */
  toolsOf(server: string): ServerTools;
  /**
   * Runs one tool call on a mock connection; null when its server has no tool of that name. Both
   * the JSON-RPC `tools/call` and the REST `POST .../.tools/{toolPath}` come here. `signal` aborts
   * when the client gives up: a model answering the call stops, and the call is logged `cancelled`.
   * It may be given as a function that makes it: only a source that needs it (the model) calls it,
   * through `signalOf(call)`, so a call answered from a fixture makes no `AbortSignal` (several µs each).
   */
  run(
    connection: MockConnection,
    name: string,
    args: Record<string, unknown>,
    place: ConnectionPlace,
    signal?: AbortSignal | (() => AbortSignal),
    options?: RunOptions,
  ): Promise<CallToolResult | null>;
  /** The fault rules applied to mock tool calls (the control API sets them). */
  faults: FaultRules;
}

/**
 * The mock tool pipeline: argument validation, then the result source, with `_meta`; the call and
 * what it changed go into the connection's memory. Calls to one memory run one at a time, in
 * order (a memory is a sequence; connections sharing a world share one). Fault rules apply inside
 * that order: latency before answering, an injected error instead of the answer, a status change
 * after it.
 *
 * @example
 *   const runner = createMockToolRunner({ registry: stores.registry, memory: stores.memory, clock, toolResults: createToolResults({ fixturesDir }) });
 *   const result = await runner.run(connection, 'get_issue', { number: 102 }, place); // CallToolResult with _meta["mcpsim/source"]
 */
export function createMockToolRunner({
  registry,
  memory,
  clock,
  toolResults,
  faults = createFaultRules(),
  onStatusFault,
  sleep = sleepUnlessAborted,
}: MockToolRunnerOptions): MockToolRunner {
  const validate = createArgumentValidator();
  const queue = createSerialQueue();
  const toolsByServer = new Map<string, ServerTools & { revision: string }>();

  function toolsOf(server: string): ServerTools {
    const revision = registry.revision();
    const cached = toolsByServer.get(server);
    if (cached?.revision === revision) return cached;
    const entry = registry.get(server);
    const tools = entry?.tools ?? [];
    const fresh = {
      revision,
      tools,
      byName: new Map(tools.map((tool) => [tool.name, tool])),
      displayName: entry?.displayName ?? server,
      description: entry?.description ?? '',
      resources: entry?.resources ?? [],
      prompts: entry?.prompts ?? [],
    };
    toolsByServer.set(server, fresh);
    return fresh;
  }

  async function run(
    connection: MockConnection,
    name: string,
    args: Record<string, unknown>,
    place: ConnectionPlace,
    signal?: AbortSignal | (() => AbortSignal),
    options: RunOptions = {},
  ): Promise<CallToolResult | null> {
    const serverTools = toolsOf(connection.server);
    const toolDefinition = serverTools.byName.get(name);
    if (!toolDefinition) return null;
    const connectionKey = connection.key;
    if (connectionKey === undefined)
      throw new Error(`connection "${connection.connectionId}" reached the mock tool runner without its store key`);
    const call: AcceptedCall = {
      connection,
      connectionKey,
      memoryKey: memory.keyFor(connectionKey),
      name,
      args,
      place,
      serverTools,
      toolDefinition,
      ...(signal ? { signal } : {}),
    };
    // The queue is held until the call is in the memory (the next call must see it); the answer
    // waits until the call is committed, which the next call need not.
    const { result, committed, events } = await queue.run(call.memoryKey, () => runInTurn(call));
    await committed;
    if (events && events.length > 0) options.onEvents?.(events);
    return result;
  }

  /** One call, once its memory's earlier calls are in: fault latency, the answer, the log entry, a fault's status change. */
  async function runInTurn(call: AcceptedCall): Promise<{ result: CallToolResult; committed: Promise<boolean>; events?: ToolEvent[] }> {
    const started = performance.now();
    const fault = faults.beforeCall(call.connectionKey, call.name);
    // A call cancelled while it waits out a latency ends then: the next call in its memory's queue need not wait for the rest.
    const signal = fault.latencyMs > 0 ? (typeof call.signal === 'function' ? call.signal() : call.signal) : undefined;
    if (fault.latencyMs > 0) await sleep(fault.latencyMs, signal);
    const turn = toCallTurn(call);
    const resolution = signal?.aborted ? cancelledDuringLatency(call) : await resolveCall(call, turn, fault.error);
    const result: CallToolResult = {
      ...resolution.result,
      _meta: { ...resolution.result._meta, ...toMeta(resolution.source, turn.sequence) },
    };
    const latencyMs = Math.round((performance.now() - started) * 1000) / 1000;
    const entry = toLogEntry(call, turn, resolution, result, { latencyMs, at: clock.now().toISOString() });
    const committed = memory.append(call.memoryKey, entry, resolution.worldChanges);
    const statusChange = faults.afterCall(call.connectionKey, call.name);
    if (statusChange) onStatusFault?.(call.connection, statusChange, call.place);
    // Only a replayed recording has events: what the real server sent before this very result.
    return { result, committed, ...(resolution.source === 'fixture' && resolution.events ? { events: resolution.events } : {}) };
  }

  /** The call's place in its memory: the memory as it is now, the canonical arguments, the occurrence and sequence. */
  function toCallTurn({ memoryKey, name, args }: AcceptedCall): CallTurn {
    const state = memory.load(memoryKey);
    const canonical = sortKeys(args) as Record<string, unknown>;
    const argumentsKey = JSON.stringify(canonical);
    return {
      memory: state,
      canonical,
      argumentsKey,
      occurrence: memory.nextOccurrence(memoryKey, name, argumentsKey),
      sequence: state.nextSequence,
    };
  }

  /** Which source answers, first match wins: an injected fault, invalid arguments, the result sources, else an error. */
  async function resolveCall(call: AcceptedCall, turn: CallTurn, faultError: string | null): Promise<ToolResolution> {
    if (faultError !== null) return { source: 'fault', result: toErrorResult(faultError) };
    const invalid = validate(call.toolDefinition, call.args);
    if (invalid) return { source: 'validation', result: toErrorResult(invalid) };
    const resolution = await toolResults.resolve(toToolCall(call, turn, { memory, now: clock.now().toISOString() }));
    if (resolution) return resolution;
    const { connection, name } = call;
    return {
      source: 'none',
      result: toErrorResult(`no result source answered ${connection.server}.${name} ${turn.argumentsKey} (call ${turn.occurrence})`),
    };
  }

  return { toolsOf, run, faults };
}

/** A timer that ends early when `signal` aborts. */
function sleepUnlessAborted(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** The client gave up while the call waited out its fault's latency: nothing was answered, the world stays as it was. */
function cancelledDuringLatency({ connection, name }: AcceptedCall): ToolResolution {
  return {
    source: 'cancelled',
    result: toErrorResult(
      `cancelled by the client during the fault latency: ${connection.server}.${name} was not answered and changed nothing`,
    ),
  };
}

/** A call the runner accepted (its tool exists), waiting for its turn in the memory's queue. */
interface AcceptedCall {
  connection: MockConnection;
  /** The connection's store key: fault rules are kept by it. */
  connectionKey: number;
  memoryKey: MemoryKey;
  name: string;
  /** As the client sent them (validated as sent; the log and the sources get them canonical). */
  args: Record<string, unknown>;
  place: ConnectionPlace;
  serverTools: ServerTools;
  toolDefinition: ToolDefinition;
  /** The client's cancellation, handed to the result sources (a function: made when a source reads it). */
  signal?: AbortSignal | (() => AbortSignal);
}

/** What a call's turn in the memory gives it. */
interface CallTurn {
  /** The memory before this call. */
  memory: Memory;
  canonical: Record<string, unknown>;
  argumentsKey: string;
  occurrence: number;
  sequence: number;
}

/** The call as the result sources read it, with what the model's prompt needs. */
function toToolCall(
  { connection, connectionKey, name, serverTools, toolDefinition, signal }: AcceptedCall,
  turn: CallTurn,
  { memory, now }: { memory: Pick<MemoryStore, 'sharersOf'>; now: string },
): ToolCall {
  const { world, history, toolOverrides, entityCorrections } = turn.memory;
  return {
    namespace: connection.namespace,
    connectionId: connection.connectionId,
    server: connection.server,
    tool: name,
    arguments: turn.canonical,
    argumentsKey: turn.argumentsKey,
    occurrence: turn.occurrence,
    sequence: turn.sequence,
    context: {
      serverName: serverTools.displayName,
      serverDescription: serverTools.description,
      toolDefinition,
      scenario: connection.mock?.scenario ?? null,
      world,
      history,
      serverTools: serverTools.tools,
      now,
      // Only the model's prompt reads them: the query runs for no other source.
      otherScenarios: () =>
        memory
          .sharersOf(connectionKey)
          .filter(
            (sharer): sharer is { connectionId: string; scenario: string } =>
              sharer.connectionId !== connection.connectionId && Boolean(sharer.scenario),
          ),
      ...(toolOverrides ? { toolOverrides } : {}),
      ...(entityCorrections ? { entityCorrections } : {}),
    },
    ...(signal ? { signal } : {}),
  };
}

/** The call log's entry for an answered call. */
function toLogEntry(
  { connection, name }: AcceptedCall,
  turn: CallTurn,
  resolution: ToolResolution,
  result: CallToolResult,
  timing: { latencyMs: number; at: string },
): CallLogEntry {
  return {
    sequence: turn.sequence,
    tool: name,
    arguments: turn.canonical,
    argumentsKey: turn.argumentsKey,
    occurrence: turn.occurrence,
    result,
    source: resolution.source,
    model: resolution.model ?? null,
    usage: resolution.usage ?? null,
    latencyMs: timing.latencyMs,
    at: timing.at,
    connectionId: connection.connectionId,
  };
}

function toMeta(source: ResultOrigin, sequence: number) {
  return { 'mcpsim/source': source, 'mcpsim/sequence': sequence };
}
