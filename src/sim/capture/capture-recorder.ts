/**
 * What `mcpsim capture` does with what the relay saw: every `tools/call` of a real connection
 * becomes a fixture entry (`model: null`, `upstream` naming the real server), every full tool
 * listing a registry entry, and the calls in order a ready scenario, all redacted first. Each
 * file is rewritten whole and renamed into place after every change, so a capture that is killed
 * still leaves files that load.
 */
import { basename, dirname, join, relative } from 'node:path';
import type { CallToolResult, Implementation } from '@modelcontextprotocol/sdk/types.js';
import type { Clock } from '../../domain/clock.js';
import { yamlPackage } from '../../domain/lazy-packages.js';
import { redactJson, redactSecretValues, type Redaction } from '../../domain/redaction.js';
import type { ToolDefinition } from '../../domain/registry.js';
import { toServerInfo } from '../../domain/server-info.js';
import { toCatalogEntry } from './capture-catalog-entry.js';
import { toCanonicalJson } from '../source/canonical-json.js';
import { inferCaptureOverrides, inferCapturedWorld, type RecordedCall } from './capture-world.js';
import type { SeedWorld } from '../../domain/mock-settings.js';
import type { ToolOverride } from '../../reading/tool-operation.js';
import { createFixtureRecorder } from '../fixtures/fixture-recorder.js';
import { removeStaleTemporaryFiles, writeFileAtomically } from '../fixtures/atomic-file.js';
import { toCaptureScenario } from './capture-scenario.js';
import { createSurfaceCapture, type SurfaceCapture } from './capture-surface.js';
import type { ToolEvent } from '../../domain/tool-event.js';

/** Which connection and upstream a captured exchange came from, as the relay (mcp/upstream/relay.ts) tells it. */
export interface CaptureOrigin {
  namespace: string;
  connectionId: string;
  /** The upstream as the relay names it: a URL as stored (typed query values as `***`) or the uplink pairing. */
  upstream: string;
  serverInfo: Implementation;
  /** The MCP protocol version the upstream negotiated, when the relay knows it. */
  protocolVersion?: string | undefined;
  /** The values to redact from what is written (the connection's stored header and query values; never written themselves). */
  secrets: readonly string[];
}

/** One redaction, as the report lists it: which call (its place in the session), tool, JSON path and kind. */
export interface CaptureRedaction extends Redaction {
  connection: string;
  tool: string;
  /** The call's number in the captured session (1, 2, ...); 0 for the tool listing. */
  call: number;
}

export interface CaptureRecorderOptions {
  /** Where everything goes: `fixtures/`, `registry.json`, `redactions.json`, and the scenario. */
  directory: string;
  clock: Clock;
  /** User patterns to redact (`--redact`), besides the built-in secret shapes. */
  patterns?: readonly RegExp[];
  /** The scenario file to write (default `<directory>/scenario.yaml`). */
  scenarioFile?: string;
  /** The registry name of the captured server (default `@captured/<serverInfo.name>`). With several connections, the first gets it. */
  serverName?: string;
  /** Told once per redaction, e.g. to print it as it happens. */
  onRedaction?: (redaction: CaptureRedaction) => void;
  /** Told when a file cannot be written; the relayed answer goes back all the same. */
  onError: (error: unknown) => void;
}

export interface CaptureRecorder {
  /** A tool call, with what it sent the client before its result (progress, log messages, elicitation and its answer...), in order. */
  toolCall(
    origin: CaptureOrigin,
    call: { name: string; arguments: Record<string, unknown>; result: Record<string, unknown>; events?: readonly ToolEvent[] },
  ): void;
  /**
   * A full tool listing. `seenBy` says whose session listed them: a client's MCP session (which
   * declared that client's capabilities, so the upstream showed it the tools such a client sees)
   * or the platform's own (`.tools`, the listing at the start): a client's listing is kept over
   * the platform's, since the scenario's steps call the tools the client saw.
   */
  toolList(origin: CaptureOrigin, tools: readonly Record<string, unknown>[], seenBy: ListingSeenBy): void;
  /** Another answered request: `resources/*` and `prompts/*` become the scenario server's resources and prompts. */
  exchange(origin: CaptureOrigin, exchange: { method: string; params: Record<string, unknown>; result: Record<string, unknown> }): void;
  /** Whether a listing of the connection's tools was captured that `seenBy` would not replace. */
  hasTools(origin: CaptureOrigin, seenBy: ListingSeenBy): boolean;
  /** What was captured so far: calls, servers, redactions and the files written. */
  summary(): CaptureSummary;
}

/** Whose session listed the tools: a client's MCP session, or the platform's own one. */
export type ListingSeenBy = 'client' | 'platform';

export interface CaptureSummary {
  calls: number;
  servers: string[];
  redactions: CaptureRedaction[];
  files: { fixtures: string; registry: string; redactions: string; scenario: string };
}

/** One captured connection: its registry name, the server as seen, and its calls in order. */
interface CapturedServer {
  qualifiedName: string;
  namespace: string;
  connectionId: string;
  upstream: string;
  /** As written: redacted. */
  serverInfo: Implementation;
  /** The serverInfo as the upstream sent it, as JSON: redacted again only when it changes. */
  serverInfoSeen: string;
  /** The protocol version it negotiated, as last seen. */
  protocolVersion: string | undefined;
  tools: ToolDefinition[] | null;
  /** Whose listing `tools` is. */
  toolsSeenBy: ListingSeenBy | null;
  /** Its resources, templates and prompts, as listed, read and got (redacted). */
  surface: SurfaceCapture;
  calls: (RecordedCall & { sequence: number })[];
  occurrences: Map<string, number>;
}

/**
 * The capture sink `mcpsim capture` hands to the platform.
 *
 * @example
 *   const recorder = createCaptureRecorder({ directory: 'captures/memory', clock: systemClock, patterns: [/acct-\d+/g] });
 *   const platform = createPlatform({ capture: recorder });
 */
export function createCaptureRecorder({
  directory,
  clock,
  patterns = [],
  scenarioFile = join(directory, 'scenario.yaml'),
  serverName,
  onRedaction,
  onError,
}: CaptureRecorderOptions): CaptureRecorder {
  const files = {
    fixtures: join(directory, 'fixtures'),
    registry: join(directory, 'registry.json'),
    redactions: join(directory, 'redactions.json'),
    scenario: scenarioFile,
  };
  // Every secret any origin named, longest first: what no file name or text may hold when it is written.
  let secrets: string[] = [];
  const learn = (origin: CaptureOrigin) => {
    if (origin.secrets.every((secret) => secrets.includes(secret))) return;
    secrets = [...new Set([...secrets, ...origin.secrets])].filter((secret) => secret !== '').sort((a, b) => b.length - a.length);
  };
  // The one door every file of a capture goes through: values are redacted where they were found
  // (so the report names them), and whatever slipped past (a name composed of several, an
  // encoding built later) is redacted here from the file's name and its text.
  const write = (file: string, text: string) =>
    writeFileAtomically(join(directory, redactSecretValues(relative(directory, file), secrets)), redactSecretValues(text, secrets));
  const fixtures = createFixtureRecorder({ directory: files.fixtures, clock, write });
  const servers = new Map<string, CapturedServer>();
  const redactions: CaptureRedaction[] = [];
  let sequence = 0;
  const startedAt = clock.now().toISOString();

  function serverOf(origin: CaptureOrigin, tool: string, call: number): CapturedServer {
    const key = `${origin.namespace}/${origin.connectionId}`;
    let server = servers.get(key);
    // serverInfo names the fixtures folder, the registry entry and the scenario, and a server may
    // put what it was given in it (`leaky-<its API key>`): redacted like a result, when it changes.
    const seen = JSON.stringify(origin.serverInfo);
    const serverInfo = server?.serverInfoSeen === seen ? server.serverInfo : redact(origin.serverInfo, origin, tool, call, '$.serverInfo');
    if (!server) {
      const taken = new Set([...servers.values()].map((known) => known.qualifiedName));
      const base = servers.size === 0 && serverName ? serverName : `@captured/${toSlug(serverInfo.name)}`;
      let qualifiedName = base;
      for (let suffix = 2; taken.has(qualifiedName); suffix++) qualifiedName = `${base}-${suffix}`;
      // The upstream's name is written into every entry: redacted once, here (a URL may carry a secret query value).
      const upstream = redact(origin.upstream, origin, tool, call, '$.upstream');
      server = {
        qualifiedName,
        namespace: origin.namespace,
        connectionId: origin.connectionId,
        upstream,
        serverInfo,
        serverInfoSeen: seen,
        protocolVersion: undefined,
        tools: null,
        toolsSeenBy: null,
        surface: createSurfaceCapture(),
        calls: [],
        occurrences: new Map(),
      };
      servers.set(key, server);
    }
    server.serverInfo = serverInfo;
    server.serverInfoSeen = seen;
    if (origin.protocolVersion) server.protocolVersion = origin.protocolVersion;
    return server;
  }

  function redact<T>(value: T, origin: CaptureOrigin, tool: string, call: number, path: string): T {
    learn(origin);
    const outcome = redactJson(value, { values: origin.secrets, patterns }, path);
    for (const found of outcome.redactions) {
      const entry = { connection: `${origin.namespace}/${origin.connectionId}`, tool, call, ...found };
      redactions.push(entry);
      onRedaction?.(entry);
    }
    if (outcome.redactions.length > 0) write(files.redactions, `${JSON.stringify(redactions, null, 2)}\n`);
    return outcome.value as T;
  }

  function writeSession(): void {
    write(
      files.registry,
      `${JSON.stringify(
        [...servers.values()]
          .filter((server) => server.tools)
          .map((server) =>
            toCatalogEntry(
              { ...server, tools: server.tools ?? [], description: describe(server), surface: server.surface.toSurface() },
              startedAt,
            ),
          ),
        null,
        2,
      )}\n`,
    );
    const scenario = toCaptureScenario({
      name: `capture-${[...servers.values()].map((server) => toSlug(server.serverInfo.name)).join('-')}`,
      description: `Captured from ${[...servers.values()].map((server) => server.upstream).join(', ')} on ${startedAt}.`,
      fixtures: toRelativePath(dirname(files.scenario), files.fixtures),
      servers: [...servers.values()].map((server) => ({
        qualifiedName: server.qualifiedName,
        namespace: server.namespace,
        connectionId: server.connectionId,
        description: describe(server),
        serverInfo: toServerInfo(server.serverInfo, server.serverInfo.name),
        protocolVersion: server.protocolVersion,
        tools: server.tools ?? [],
        surface: server.surface.toSurface(),
        ...toSimulation(server.tools ?? [], server.calls, [server.qualifiedName, server.serverInfo.title ?? server.serverInfo.name]),
        calls: server.calls,
      })),
    });
    write(
      files.scenario,
      `# Written by mcpsim capture: edit it like any scenario (docs/scenarios.md); capturing again rewrites it.\n${yamlPackage().stringify(scenario, { lineWidth: 0 })}`,
    );
  }

  // The relay hands the answer back whatever happens here: a full disk must not fail the client's call.
  const guarded = (work: () => void) => {
    try {
      work();
    } catch (error) {
      onError(error);
    }
  };

  // A capture killed between writing a file and renaming it left a temporary file beside it.
  // Only where it writes: the directory itself (not its subfolders: it may be a project's root), fixtures/, the scenario's.
  guarded(() => {
    removeStaleTemporaryFiles(directory);
    removeStaleTemporaryFiles(files.fixtures, { recursive: true });
    removeStaleTemporaryFiles(dirname(files.scenario), { of: basename(files.scenario) });
  });
  // A directory captured into before keeps its fixtures (entries merge), but the report is this session's from the start.
  guarded(() => writeFileAtomically(files.redactions, '[]\n'));

  return {
    toolCall: (origin, call) =>
      guarded(() => {
        const number = ++sequence;
        // A tool's name names its fixture file and its steps: a server may put what it was given in it.
        // The report names the call by its redacted name too, since it is printed.
        const shown = redactJson(call.name, { values: origin.secrets, patterns }).value as string;
        const name = redact(call.name, origin, shown, number, '$.name');
        const server = serverOf(origin, name, number);
        const args = redact(call.arguments, origin, name, number, '$.arguments');
        const result = redact(call.result, origin, name, number, '$.result');
        // What the call sent and what the client answered are recorded like its result: redacted first.
        const events = call.events && call.events.length > 0 ? redact([...call.events], origin, name, number, '$.events') : undefined;
        const key = `${name} ${toCanonicalJson(args)}`;
        const occurrence = (server.occurrences.get(key) ?? 0) + 1;
        server.occurrences.set(key, occurrence);
        fixtures.record(
          { server: server.qualifiedName, tool: name, arguments: args, occurrence },
          { result: result as unknown as CallToolResult, ...(events ? { events } : {}) },
          server.upstream,
        );
        server.calls.push({ tool: name, arguments: args, result, sequence: number });
        writeSession();
      }),
    toolList: (origin, tools, seenBy) =>
      guarded(() => {
        const server = serverOf(origin, '(tools/list)', 0);
        if (server.toolsSeenBy === 'client' && seenBy === 'platform') return;
        server.tools = redact(tools, origin, '(tools/list)', 0, '$.tools') as unknown as ToolDefinition[];
        server.toolsSeenBy = seenBy;
        writeSession();
      }),
    exchange: (origin, { method, params, result }) =>
      guarded(() => {
        const server = serverOf(origin, `(${method})`, 0);
        const safe = redact({ params, result }, origin, `(${method})`, 0, '$');
        if (server.surface.add(method, safe.params, safe.result)) writeSession();
      }),
    hasTools: (origin, seenBy) => {
      const known = servers.get(`${origin.namespace}/${origin.connectionId}`)?.toolsSeenBy;
      return known === 'client' || known === seenBy;
    },
    summary: () => ({
      calls: sequence,
      servers: [...servers.values()].map((server) => server.qualifiedName),
      redactions: [...redactions],
      files,
    }),
  };
}

/** The seed world and the tool corrections it was inferred with (the mock answers with the same ones). */
function toSimulation(
  tools: readonly ToolDefinition[],
  calls: readonly RecordedCall[],
  serverNames: readonly string[],
): { world: SeedWorld; overrides: Record<string, ToolOverride> } {
  const overrides = inferCaptureOverrides(tools, serverNames);
  return { world: inferCapturedWorld(tools, calls, overrides, serverNames), overrides };
}

function describe(server: CapturedServer): string {
  return `${server.serverInfo.name} ${server.serverInfo.version}, captured from ${server.upstream}.`;
}

/** `Memory Server!` -> `memory-server`: a qualifiedName slug. */
function toSlug(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'server'
  );
}

function toRelativePath(from: string, to: string): string {
  const path = relative(from, to).split('\\').join('/');
  return path.startsWith('.') ? path : `./${path}`;
}
