/**
 * What a scenario file (or a capture directory, through its `scenario.yaml`) says a server is:
 * its surface as declared, and the calls its fixtures recorded, each with the file and line of
 * its entry, for `mcpsim verify` to hold against the live server.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { toFixturePath } from '../../domain/fixture-path.js';
import { yamlPackage } from '../../domain/lazy-packages.js';
import { scenarioSchema, type VerifyRules } from '../scenario-schema.js';
import { toServerKey } from '../scenario-tool-checks.js';
import { toSurfaceTool, type ServerSurface } from './surface-drift.js';

/** One recorded call: what was sent, what the server answered, and where the entry is. */
export interface RecordedCall {
  tool: string;
  arguments: Record<string, unknown>;
  occurrence: number;
  result: unknown;
  file: string;
  line: number;
  /** The entry's index in the file's `calls`, for `--update`. */
  index: number;
  /** What the server asked the client during the call (`sampling/createMessage`, `elicitation/create`...), as recorded. */
  asked: string[];
}

/** A server as the files describe it. */
export interface RecordedServer {
  qualifiedName: string;
  /** The scenario file and the line of the server's declaration. */
  file: string;
  line: number;
  surface: ServerSurface;
  /** The line of each declared tool, by name. */
  toolLines: ReadonlyMap<string, number>;
  calls: RecordedCall[];
  /** The scenario's `verify:` rules for this server, by tool name (`*`: every tool). */
  rules: Readonly<Record<string, VerifyRules>>;
}

/** A problem with the files themselves (not drift): a path that is no scenario, a file that does not load. */
export class RecordedFilesError extends Error {
  override name = 'RecordedFilesError';
}

/**
 * The servers a scenario file or a capture directory declares, with their recorded calls.
 *
 * @example
 *   const [server] = loadRecordedServers('captures/memory'); // captures/memory/scenario.yaml and its fixtures
 */
export function loadRecordedServers(path: string): RecordedServer[] {
  const file = toScenarioFile(path);
  const text = readFileSync(file, 'utf8');
  // Only the format: a scenario whose steps no longer fit the live server (a tool gone, an argument
  // now required) is what verify reports, not a reason to refuse it; `mcpsim check` says the rest.
  let parsed: ReturnType<typeof scenarioSchema.safeParse>;
  try {
    parsed = scenarioSchema.safeParse(yamlPackage().parse(text));
  } catch (error) {
    throw new RecordedFilesError(`${file} is not YAML: ${(error as Error).message}; mcpsim check ${file} says where`);
  }
  if (!parsed.success)
    throw new RecordedFilesError(
      `${file} is not a valid scenario (${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}); mcpsim check ${file} says where`,
    );
  const scenario = parsed.data;
  const fixturesDir = resolve(dirname(file), scenario.fixtures ?? '../fixtures');
  return scenario.servers.map((server) => {
    const tools = server.tools.map(toSurfaceTool);
    return {
      qualifiedName: server.qualifiedName,
      file,
      line: lineOf(text, `qualifiedName: ${server.qualifiedName}`) ?? lineOf(text, server.qualifiedName) ?? 1,
      surface: {
        serverInfo: server.serverInfo,
        protocolVersion: server.protocolVersion,
        tools,
        resources: server.resources,
        resourceTemplates: server.resourceTemplates,
        prompts: server.prompts,
      },
      toolLines: new Map(tools.map((tool) => [tool.name, lineOf(text, `name: ${tool.name}`) ?? 1])),
      calls: tools.flatMap((tool) => readRecordedCalls(fixturesDir, server.qualifiedName, tool.name)),
      rules: Object.entries(scenario.verify ?? {}).find(([name]) => toServerKey(name) === toServerKey(server.qualifiedName))?.[1] ?? {},
    };
  });
}

/** A directory stands for its `scenario.yaml`. */
function toScenarioFile(path: string): string {
  if (!existsSync(path)) throw new RecordedFilesError(`${path} does not exist; verify takes scenario files or capture directories`);
  if (!statSync(path).isDirectory()) return path;
  const file = join(path, 'scenario.yaml');
  if (!existsSync(file)) throw new RecordedFilesError(`${path} has no scenario.yaml; verify takes scenario files or capture directories`);
  return file;
}

/** The entries of one fixture file (none when it does not exist), each with its line. */
function readRecordedCalls(fixturesDir: string, server: string, tool: string): RecordedCall[] {
  const file = toFixturePath(fixturesDir, server, tool);
  if (file === null || !existsSync(file)) return [];
  const text = readFileSync(file, 'utf8');
  let parsed: { calls?: unknown };
  try {
    parsed = JSON.parse(text) as { calls?: unknown };
  } catch (error) {
    throw new RecordedFilesError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(parsed.calls)) throw new RecordedFilesError(`${file} has no "calls" list; see fixtures/README.md`);
  const lines = entryLines(text);
  return parsed.calls.flatMap((entry: unknown, index) => {
    const call = entry as { arguments?: unknown; occurrence?: unknown; result?: unknown; events?: unknown };
    if (typeof call !== 'object' || call === null || call.result === undefined) return [];
    return [
      {
        tool,
        arguments: (call.arguments ?? {}) as Record<string, unknown>,
        occurrence: typeof call.occurrence === 'number' ? call.occurrence : 1,
        result: call.result,
        file,
        line: lines[index] ?? 1,
        index,
        asked: (Array.isArray(call.events) ? (call.events as { kind?: unknown; method?: unknown }[]) : []).flatMap((event) =>
          event.kind === 'request' && typeof event.method === 'string' ? [event.method] : [],
        ),
      },
    ];
  });
}

/** The line where each entry of `calls` starts, in a file written as fixtures are (2-space indent). */
function entryLines(text: string): number[] {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => /^\s*"calls": \[/.test(line));
  if (start < 0) return [];
  const indent = /^(\s*)/.exec(lines[start]!)![1]!.length + 2;
  const entry = new RegExp(`^ {${indent}}\\{`);
  return lines.flatMap((line, index) => (index > start && entry.test(line) ? [index + 1] : []));
}

function lineOf(text: string, needle: string): number | undefined {
  const index = text.indexOf(needle);
  return index < 0 ? undefined : text.slice(0, index).split('\n').length;
}
