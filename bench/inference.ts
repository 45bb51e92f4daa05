/**
 * `npm run bench:inference`: the stateful simulator alone (no fixtures, no model) over the demo
 * catalog and the bundled scenarios' servers. Prints, per server and in total, how many tools the
 * operation inference puts under each operation, and how the create → read → list → update →
 * read → delete → read walk of each entity fares (test/support/crud-walk.ts): entities walked,
 * checks that held, entities whose every check held. Catalog servers start from an empty world;
 * the bundled scenarios are applied as they are (with their worlds) and walked on their own mock
 * connections (one that is not connected, e.g. forced to input_required, is left out).
 * Then the public servers of bench/public-servers.ts (real tool definitions of six services not in
 * the catalog, read from ../shared/registry/tools when present), each walked as an agent would:
 * operations read right, walk checks consistent, values plausible (bench/public-walks.ts).
 * Then the labelled corpus (bench/corpus/), its tuning and held-out halves in two tables
 * (bench/corpus/measure.ts).
 * Deterministic: the same numbers every run.
 * `--json` prints them as JSON. `--corpus-only` measures the corpus alone; `--corpus-dir <dir>` reads
 * another folder laid out as bench/corpus (servers/, labels/). The corpus's failures are listed with
 * `BENCH_VERBOSE=1` (or `--failures`), of the tuning half only: the held-out half's are never printed. `--half tuning|held-out`
 * prints one half's table alone. `--corrections <dir|labels>` (with `--corpus-only`) measures the corpus
 * with each server's corrections applied as a scenario applies them (bench/corpus/corrections.ts):
 * a model's reading of the corpus saved by `explain --model --json`, or the labels themselves.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createManualClock } from '../src/domain/clock.js';
import type { ToolDefinition } from '../src/domain/registry.js';
import { inferServerShapes, toolOperations, type ToolOperation } from '../src/reading/tool-operation.js';
import { createPlatform } from '../src/platform/platform.js';
import { applyScenario } from '../src/scenario/apply-scenario.js';
import { loadScenarios } from '../src/scenario/load-scenario.js';
import { bundledScenariosDir } from '../src/scenario/bundled-scenarios.js';
import { createToolResults } from '../src/sim/tool-results.js';
import { loadDemoCatalog } from '../src/store/demo-catalog.js';
import { walkEntities, type WalkResult } from '../test/support/crud-walk.js';
import { toObjectValue } from '../test/support/object-value.js';
import { loadPublicServers, measurePublicServer, publicToolsDir, type PublicFigures } from './public-walks.js';
import { loadCorpus } from './corpus/corpus-files.js';
import { measureCorpus } from './corpus/measure.js';
import { toCorrectionsOf } from './corpus/corrections.js';
import { corpusHalves, toCorpusLines } from './corpus/measure-table.js';
import type { CorpusHalf } from './corpus/split.js';

interface ServerFigures {
  server: string;
  source: 'catalog' | 'scenario';
  tools: number;
  byOperation: Record<ToolOperation, number>;
  entitiesWalked: number;
  entitiesConsistent: number;
  checks: number;
  checksHeld: number;
  failures: string[];
}

const apiKey = 'inference-bench-key';
const fixturesDir = mkdtempSync(join(tmpdir(), 'mcpsim-inference-'));

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const half = toHalf(argv);
  const corpusAt = argv.indexOf('--corpus-dir');
  const corpusEntries = loadCorpus(corpusAt === -1 ? undefined : resolve(argv[corpusAt + 1] ?? '.'));
  if (argv.includes('--corpus-only')) {
    rmSync(fixturesDir, { recursive: true, force: true });
    const correctionsAt = argv.indexOf('--corrections');
    const corrections = correctionsAt === -1 ? undefined : toCorrectionsOf(argv[correctionsAt + 1] ?? 'labels');
    const corpus = await measureCorpus(corpusEntries, corrections);
    if (argv.includes('--json')) process.stdout.write(`${JSON.stringify({ corpus }, null, 2)}\n`);
    else process.stdout.write(`${toCorpusLines(corpus, { failures: showFailures(argv), half }).join('\n')}\n`);
    return;
  }
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

  // Every catalog server on a fresh mock connection with an empty world; every bundled scenario
  // applied as it is (its connections, with the worlds it gives them), walked on its own connections.
  await request('PUT', '/namespaces/bench');
  const servers: { name: string; source: ServerFigures['source']; tools: ToolDefinition[]; connection: string }[] = [];
  for (const [index, entry] of loadDemoCatalog().entries()) {
    await request('PUT', `/connect/bench/s${index}`, { server: entry.qualifiedName, mock: { enabled: true } });
    servers.push({ name: entry.qualifiedName, source: 'catalog', tools: entry.tools, connection: `bench/s${index}` });
  }
  for (const result of await loadScenarios(bundledScenariosDir)) {
    if (!('scenario' in result)) continue;
    const applied = await applyScenario(result.scenario, { fetch: platform.app.fetch, baseUrl: 'http://mcpsim.local', apiKey });
    for (const connection of applied.connections) {
      const declared = result.scenario.namespaces
        .find((namespace) => namespace.name === connection.namespace)
        ?.connections.find((candidate) => candidate.id === connection.connectionId);
      const server = result.scenario.servers.find((candidate) => candidate.qualifiedName === declared?.server);
      if (!server || connection.status.state !== 'connected') continue;
      servers.push({
        name: `${server.qualifiedName} (${connection.namespace}/${connection.connectionId})`,
        source: 'scenario',
        tools: server.tools.map((tool) => ({ ...tool, inputSchema: tool.inputSchema ?? { type: 'object' } })),
        connection: `${connection.namespace}/${connection.connectionId}`,
      });
    }
  }

  const callRest = async (connection: string, tool: string, args: Record<string, unknown>) => {
    const answer = await request('POST', `/connect/${connection}/.tools/${tool.split('.').map(encodeURIComponent).join('/')}`, args);
    const result = answer.body as { isError?: boolean; content?: { text?: string }[]; structuredContent?: Record<string, unknown> };
    const text = result.content?.[0]?.text ?? JSON.stringify(answer.body);
    let value: unknown = result.structuredContent ?? null;
    if (value === null) {
      try {
        value = JSON.parse(text);
      } catch {
        value = null;
      }
    }
    return { isError: answer.status !== 200 || result.isError === true, text, value };
  };

  const figures: ServerFigures[] = [];
  for (const server of servers) {
    const id = server.connection;
    const shapes = [...inferServerShapes(server.tools, {}, [server.name.split(' ')[0]!]).values()];
    const byOperation = Object.fromEntries(
      toolOperations.map((operation) => [operation, shapes.filter((shape) => shape.operation === operation).length]),
    ) as Record<ToolOperation, number>;
    const walks = await walkEntities(
      server.tools,
      async (tool, args): Promise<WalkResult> => {
        const answer = await request('POST', `/connect/${id}/.tools/${tool.split('.').join('/')}`, args);
        const result = answer.body as {
          isError?: boolean;
          content?: { text?: string }[];
          structuredContent?: Record<string, unknown>;
          _meta?: Record<string, unknown>;
        };
        const text = result.content?.[0]?.text ?? JSON.stringify(answer.body);
        const value = result.structuredContent ?? toObjectValue(text);
        return {
          isError: answer.status !== 200 || result.isError === true,
          text,
          value,
          source: String(result._meta?.['mcpsim/source'] ?? 'none'),
        };
      },
      'walk',
      [server.name.split(' ')[0]!],
    );
    const checks = walks.flatMap((walk) => walk.checks);
    figures.push({
      server: server.name,
      source: server.source,
      tools: server.tools.length,
      byOperation,
      entitiesWalked: walks.filter((walk) => walk.checks.length > 0).length,
      entitiesConsistent: walks.filter((walk) => walk.checks.length > 0 && walk.checks.every((check) => check.pass)).length,
      checks: checks.length,
      checksHeld: checks.filter((check) => check.pass).length,
      failures: walks.flatMap((walk) =>
        walk.checks
          .filter((check) => !check.pass)
          .map((check) => `${walk.entity}: ${check.name}${check.detail ? ` (${check.detail.slice(0, 120)})` : ''}`),
      ),
    });
  }
  const publicFigures: PublicFigures[] = [];
  for (const [index, server] of (loadPublicServers() ?? []).entries()) {
    const registered = await request('PUT', `/__mcpsim/servers/${server.qualifiedName}`, { tools: server.tools });
    const connected = await request('PUT', `/connect/bench/p${index}`, { server: server.qualifiedName, mock: { enabled: true } });
    for (const answer of [registered, connected])
      if (answer.status >= 300) throw new Error(`cannot set up ${server.qualifiedName}: ${answer.status} ${JSON.stringify(answer.body)}`);
    publicFigures.push(await measurePublicServer(server, (tool, args) => callRest(`bench/p${index}`, tool, args)));
  }
  platform.close();
  rmSync(fixturesDir, { recursive: true, force: true });
  const corpus = await measureCorpus(corpusEntries);

  const total = (pick: (entry: ServerFigures) => number, source?: ServerFigures['source']) =>
    figures.filter((entry) => !source || entry.source === source).reduce((sum, entry) => sum + pick(entry), 0);
  if (argv.includes('--json')) {
    process.stdout.write(`${JSON.stringify({ servers: figures, public: publicFigures, corpus }, null, 2)}\n`);
    return;
  }
  const columns = toolOperations.map((operation) => operation.padStart(6)).join(' ');
  const lines = [`${'server'.padEnd(48)} ${'tools'.padStart(5)} ${columns} | walked consistent checks`];
  for (const entry of figures) {
    lines.push(
      `${entry.server.padEnd(48)} ${String(entry.tools).padStart(5)} ${toolOperations.map((operation) => String(entry.byOperation[operation]).padStart(6)).join(' ')} | ${String(entry.entitiesWalked).padStart(6)} ${String(entry.entitiesConsistent).padStart(10)} ${`${entry.checksHeld}/${entry.checks}`.padStart(6)}`,
    );
  }
  for (const source of ['catalog', 'scenario', undefined] as const) {
    const label = source === undefined ? 'all' : source === 'catalog' ? 'demo catalog' : 'bundled scenarios';
    const tools = total((entry) => entry.tools, source);
    const other = total((entry) => entry.byOperation.other, source);
    lines.push(
      `${`TOTAL ${label}`.padEnd(48)} ${String(tools).padStart(5)} ${toolOperations.map((operation) => String(total((entry) => entry.byOperation[operation], source)).padStart(6)).join(' ')} | ${String(total((entry) => entry.entitiesWalked, source)).padStart(6)} ${String(total((entry) => entry.entitiesConsistent, source)).padStart(10)} ${`${total((entry) => entry.checksHeld, source)}/${total((entry) => entry.checks, source)}`.padStart(6)}  (classified as an entity operation: ${tools - other} of ${tools}, ${(((tools - other) / tools) * 100).toFixed(1)}%)`,
    );
  }
  const failures = figures.flatMap((entry) => entry.failures.map((failure) => `  ${entry.server}: ${failure}`));
  if (failures.length > 0) lines.push('', 'Checks that did not hold:', ...failures);
  lines.push('', ...toPublicLines(publicFigures), ...toCorpusLines(corpus, { failures: showFailures(argv), half }));
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** The public servers' table: per server, three shares (target 95% each), then what did not hold. */
function toPublicLines(figures: readonly PublicFigures[]): string[] {
  if (figures.length === 0) return [`Public servers: skipped, no data set at ${publicToolsDir}`];
  const share = (held: number, of: number) => `${held}/${of} ${of === 0 ? '-' : `${((held / of) * 100).toFixed(0)}%`}`.padStart(12);
  const lines = [
    'Public servers not in the catalog (../shared/registry/tools), agent-style walks; target >= 95% in each column:',
    `${'server'.padEnd(44)} ${'tools'.padStart(5)} ${'operations'.padStart(12)} ${'walk checks'.padStart(12)} ${'values'.padStart(12)}`,
  ];
  for (const entry of figures)
    lines.push(
      `${entry.server.padEnd(44)} ${String(entry.tools).padStart(5)} ${share(entry.operationsRight, entry.tools)} ${share(entry.walkHeld, entry.walkChecks)} ${share(entry.valuesHeld, entry.valueChecks)}`,
    );
  const sum = (pick: (entry: PublicFigures) => number) => figures.reduce((total, entry) => total + pick(entry), 0);
  lines.push(
    `${'TOTAL public'.padEnd(44)} ${String(sum((entry) => entry.tools)).padStart(5)} ${share(
      sum((entry) => entry.operationsRight),
      sum((entry) => entry.tools),
    )} ${share(
      sum((entry) => entry.walkHeld),
      sum((entry) => entry.walkChecks),
    )} ${share(
      sum((entry) => entry.valuesHeld),
      sum((entry) => entry.valueChecks),
    )}`,
  );
  const failures = figures.flatMap((entry) => entry.failures.map((failure) => `  ${entry.server}: ${failure}`));
  return failures.length > 0 ? [...lines, '', 'Public servers, what did not hold:', ...failures] : lines;
}

/** `--half tuning|held-out`: print only that half's corpus table and failures. */
function toHalf(argv: readonly string[]): CorpusHalf | undefined {
  const at = argv.indexOf('--half');
  if (at === -1) return undefined;
  const value = argv[at + 1];
  if (!corpusHalves.includes(value as CorpusHalf)) throw new Error(`--half takes ${corpusHalves.join(' or ')}, not ${String(value)}`);
  return value as CorpusHalf;
}

/** Whether to list the tuning half's failures (the held-out half's never are, measure-table.ts): `BENCH_VERBOSE=1`, `--failures`, or `--half`. */
function showFailures(argv: readonly string[]): boolean {
  return process.env.BENCH_VERBOSE === '1' || argv.includes('--failures') || argv.includes('--half');
}

await main();
