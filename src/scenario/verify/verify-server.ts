/**
 * `mcpsim verify`'s judgement of one recorded server against the live one: the surface first,
 * then the recorded calls that only read (by the tool's `readOnlyHint`, else by how mcpsim reads
 * the tool), replayed and compared by shape. Calls that write are replayed only when asked.
 */
import type { ToolDefinition } from '../../domain/registry.js';
import { readServer } from '../../reading/read-server.js';
import type { RecordedCall, RecordedServer } from './recorded-server.js';
import { toAnswerRules } from './answer-rules.js';
import { compareResults } from './shape-drift.js';
import { compareSurfaces, type ServerSurface, type SurfaceTool } from './surface-drift.js';

/** The live server, as verify needs it. */
export interface LiveServer {
  surface: ServerSurface;
  callTool(name: string, args: Record<string, unknown>): Promise<unknown>;
}

/** One difference, where a reviewer finds it. */
export interface Drift {
  /** A tool's name, `server`, `resource <uri>`, `template <uri>` or `prompt <name>`. */
  subject: string;
  /** `surface`: the definition; `answer`: a recorded call's result. */
  where: 'surface' | 'answer';
  /** A JSON pointer into the definition or the result. */
  path: string;
  change: string;
  recorded: string;
  live: string;
  file: string;
  line: number;
}

/** The verdict on one subject: unchanged, drifted, recorded but gone, or live only. */
export interface SubjectVerdict {
  subject: string;
  status: 'same' | 'drifted' | 'missing' | 'new';
  /** Recorded calls replayed, those left out because they write, and those left out because the server asked the client for a model or a person. */
  replayed: number;
  skipped: number;
  unanswerable: number;
  drifts: Drift[];
}

export interface ServerVerification {
  server: string;
  file: string;
  subjects: SubjectVerdict[];
  /** The live answer of each replayed call whose answer drifted, for `--update`. */
  driftedAnswers: { call: RecordedCall; result: unknown }[];
}

/**
 * @example
 *   const verification = await verifyServer(recorded, live, { writes: false });
 *   verification.subjects.filter((subject) => subject.status !== 'same');
 */
export async function verifyServer(recorded: RecordedServer, live: LiveServer, options: { writes: boolean }): Promise<ServerVerification> {
  const surfaceDrifts = compareSurfaces(recorded.surface, live.surface);
  const drifts: Drift[] = surfaceDrifts.map(({ subject, status: _status, ...drift }) => ({
    subject,
    where: 'surface' as const,
    ...drift,
    file: recorded.file,
    line: recorded.toolLines.get(subject) ?? recorded.line,
  }));
  const statuses = new Map(surfaceDrifts.map((drift) => [drift.subject, drift.status]));
  const liveTools = new Map(live.surface.tools.map((tool) => [tool.name, tool]));
  const reads = readOnlyTools(recorded.surface.tools, liveTools, recorded.qualifiedName);
  const counts = new Map<string, { replayed: number; skipped: number; unanswerable: number }>();
  const driftedAnswers: ServerVerification['driftedAnswers'] = [];
  // Each distinct call once: a second occurrence of a read answers alike.
  for (const call of recorded.calls.filter((entry) => entry.occurrence === 1)) {
    const count = counts.get(call.tool) ?? counts.set(call.tool, { replayed: 0, skipped: 0, unanswerable: 0 }).get(call.tool)!;
    if (!liveTools.has(call.tool)) continue;
    // Its answer came from what the client's model or user said: verify has neither, so a replay
    // would compare an answer to another question (writes or not).
    if (call.asked.some((method) => unanswerableRequests.includes(method))) {
      count.unanswerable++;
      continue;
    }
    if (!options.writes && !reads.has(call.tool)) {
      count.skipped++;
      continue;
    }
    count.replayed++;
    const result = await live.callTool(call.tool, call.arguments);
    const found = compareResults(call.result, result, toAnswerRules(recorded.rules, call.tool));
    if (found.length === 0) continue;
    driftedAnswers.push({ call, result });
    for (const drift of found) drifts.push({ subject: call.tool, where: 'answer', ...drift, file: call.file, line: call.line });
  }
  const subjects = [
    ...new Set([...recorded.surface.tools.map((tool) => tool.name), ...drifts.map((drift) => drift.subject), ...liveTools.keys()]),
  ];
  return {
    server: recorded.qualifiedName,
    file: recorded.file,
    subjects: subjects.map((subject) => {
      const own = drifts.filter((drift) => drift.subject === subject);
      const status = statuses.get(subject);
      return {
        subject,
        status: status === 'missing' || status === 'new' ? status : own.length > 0 ? 'drifted' : 'same',
        ...(counts.get(subject) ?? { replayed: 0, skipped: 0, unanswerable: 0 }),
        drifts: own,
      };
    }),
    driftedAnswers,
  };
}

/** What a server may ask the client that only a model or a person answers. */
const unanswerableRequests = ['sampling/createMessage', 'elicitation/create'];

/** The tools whose recorded calls only read: their annotations say so, or else mcpsim's reading of them. */
function readOnlyTools(recorded: readonly SurfaceTool[], live: ReadonlyMap<string, SurfaceTool>, serverName: string): Set<string> {
  const tools = recorded.map((tool) => ({ ...tool, inputSchema: tool.inputSchema ?? { type: 'object' } })) as ToolDefinition[];
  const model = readServer(tools, { serverNames: [serverName] });
  return new Set(
    recorded
      .filter((tool) => {
        const annotations = { ...tool.annotations, ...live.get(tool.name)?.annotations };
        if (annotations.readOnlyHint === true) return true;
        if (annotations.readOnlyHint === false || annotations.destructiveHint === true) return false;
        const shape = model.shapes.get(tool.name);
        return shape !== undefined && shape.dispatch === null && ['read', 'list', 'search'].includes(shape.operation);
      })
      .map((tool) => tool.name),
  );
}
