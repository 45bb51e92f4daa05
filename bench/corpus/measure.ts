/**
 * The labelled corpus part of `npm run bench:inference` (issue 36): every server of
 * bench/corpus/servers with its labels, on a mock connection of its own (in-process platform,
 * manual clock, `missPolicy: 'simulate'`), measured against how a person reads it: kinds, entities,
 * id and parent arguments (measure-readings.ts), the labelled walk's checks, and plausible values
 * on every answer of the walk and on one read or list answer of each entity the walk leaves out
 * (walk-checks.ts). A server without labels is reported as unlabelled and skipped. Deterministic:
 * the same numbers every run.
 *
 * @example
 *   const figures = await measureCorpus(loadCorpus());
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createManualClock } from '../../src/domain/clock.js';
import type { ToolDefinition } from '../../src/domain/registry.js';
import { createPlatform } from '../../src/platform/platform.js';
import { createToolResults } from '../../src/sim/tool-results.js';
import { runWalk, type Answer, type WalkFigures } from '../walk-checks.js';
import { corpusHalf, type CorpusHalf } from './split.js';
import { loadCorpus, type CorpusEntry, type CorpusServer } from './corpus-files.js';
import { measureReadings, type ReadingFigures } from './measure-readings.js';
import { toMisread, type CorrectionsOf } from './corrections.js';
import { readServer } from '../../src/reading/read-server.js';
import { sampleValues } from './measure-values.js';

/** One corpus server's figures; an unlabelled one has only its name, kind, half and tool count. */
export interface CorpusFigures extends ReadingFigures, Omit<WalkFigures, 'failures'> {
  server: string;
  kind: string;
  half: CorpusHalf;
  labelled: boolean;
}

const apiKey = 'corpus-bench-key';
/** Tool names the registry takes (a name with a space cannot be registered, so no mock serves it). */
const servableName = /^[A-Za-z0-9_./-]+$/;

/**
 * Measures every server of `entries` on one in-process platform, each on a fresh mock connection.
 *
 * @example
 *   (await measureCorpus()).filter((entry) => entry.half === 'held-out');
 */
export async function measureCorpus(
  entries: readonly CorpusEntry[] = loadCorpus(),
  correctionsOf: CorrectionsOf = () => undefined,
): Promise<CorpusFigures[]> {
  const fixturesDir = mkdtempSync(join(tmpdir(), 'mcpsim-corpus-'));
  const platform = createPlatform({
    apiKey,
    demo: false,
    clock: createManualClock('2026-01-01T00:00:00.000Z'),
    logger: { error: () => {} },
    toolResults: createToolResults({ fixturesDir, missPolicy: 'simulate' }),
  });
  const request = async (method: string, path: string, body?: unknown) => {
    const response = await platform.app.fetch(
      new Request(`http://mcpsim.local${path}`, {
        method,
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  try {
    await request('PUT', '/namespaces/corpus');
    const figures: CorpusFigures[] = [];
    for (const [index, entry] of entries.entries()) {
      const { server, labels } = entry;
      const base = { server: server.name, kind: server.kind, half: corpusHalf(server) };
      if (!labels) {
        figures.push({ ...base, ...emptyFigures(server.tools.length), labelled: false });
        continue;
      }
      const { tools, serverNames } = toMeasuredServer(server);
      const asRead = measureReadings(tools, labels, serverNames);
      const readEntities = new Set([...readServer(tools, { serverNames }).shapes.values()].map((shape) => shape.entity));
      const corrections = correctionsOf(server.name, labels, toMisread(asRead.failures), readEntities);
      const readings = corrections ? measureReadings(tools, labels, serverNames, corrections) : asRead;
      const unservable = server.tools.filter((tool) => !servableName.test(tool.name)).map((tool) => `${tool.name}: cannot be registered`);
      const connection = `corpus/c${index}`;
      const registered = await request('PUT', `/__mcpsim/servers/${server.provenance.npm}`, { displayName: serverNames[1], tools });
      const connected = await request('PUT', `/connect/${connection}`, { server: server.provenance.npm, mock: { enabled: true } });
      // A fresh empty world: the starting world a new mock gets (domain/starting-world.ts) would answer lists before any create.
      const emptied = await request('PUT', `/__mcpsim/connections/${connection}/simulation`, {
        world: { entities: {}, facts: [] },
        ...corrections,
      });
      const refused = [registered, connected, emptied].find((answer) => answer.status >= 300);
      if (refused) {
        const failure = `cannot set up a mock connection: ${refused.status} ${JSON.stringify(refused.body).slice(0, 200)}`;
        figures.push({ ...base, ...readings, ...emptyWalk(), labelled: true, failures: [...readings.failures, ...unservable, failure] });
        continue;
      }
      const callTool = (tool: string, args: Record<string, unknown>) => callRest(request, connection, tool, args);
      const walked = await runWalk(tools, labels.walk ?? [], callTool, `bench/corpus/labels/${server.name}.json`);
      const sampled = await sampleValues(tools, labels, callTool);
      figures.push({
        ...base,
        ...readings,
        walkChecks: walked.walkChecks,
        walkHeld: walked.walkHeld,
        valueChecks: walked.valueChecks + sampled.checks,
        valuesHeld: walked.valuesHeld + sampled.held,
        labelled: true,
        failures: [...readings.failures, ...unservable, ...walked.failures, ...sampled.failures],
      });
    }
    return figures;
  } finally {
    platform.close();
    rmSync(fixturesDir, { recursive: true, force: true });
  }
}

/**
 * A corpus server as the bench measures it: the tools the registry takes (each with a schema) and
 * the names its mock connection gives the reading (the registry name and the display name).
 *
 * @example
 *   const { tools, serverNames } = toMeasuredServer(server); // serverNames: ['@stripe/mcp', 'Stripe']
 */
export function toMeasuredServer(server: CorpusServer): { tools: ToolDefinition[]; serverNames: string[] } {
  return {
    tools: server.tools
      .filter((tool) => servableName.test(tool.name))
      .map((tool) => ({ ...tool, inputSchema: tool.inputSchema ?? { type: 'object' } })),
    serverNames: [server.provenance.npm, server.serverInfo?.name ?? server.name],
  };
}

type Request = (method: string, path: string, body?: unknown) => Promise<{ status: number; body: Record<string, unknown> }>;

/** One call over the REST door of the connection: its result as the walk reads it (structuredContent, else the text as JSON). */
async function callRest(request: Request, connection: string, tool: string, args: Record<string, unknown>): Promise<Answer> {
  const answer = await request('POST', `/connect/${connection}/.tools/${tool.split('.').map(encodeURIComponent).join('/')}`, args);
  const result = answer.body as { isError?: boolean; content?: { text?: string }[]; structuredContent?: Record<string, unknown> };
  const text = result.content?.find((item) => typeof item.text === 'string')?.text ?? JSON.stringify(answer.body);
  let value: unknown = result.structuredContent ?? null;
  if (value === null) {
    try {
      value = JSON.parse(text);
    } catch {
      value = null;
    }
  }
  return { isError: answer.status !== 200 || result.isError === true, text, value };
}

function emptyWalk(): Omit<WalkFigures, 'failures'> {
  return { walkChecks: 0, walkHeld: 0, valueChecks: 0, valuesHeld: 0 };
}

function emptyFigures(tools: number): ReadingFigures & Omit<WalkFigures, 'failures'> {
  return {
    tools,
    kindsRight: 0,
    entities: 0,
    entitiesRight: 0,
    idArguments: 0,
    idArgumentsRight: 0,
    parentArguments: 0,
    parentArgumentsRight: 0,
    failures: [],
    ...emptyWalk(),
  };
}
