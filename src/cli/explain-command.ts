import { existsSync, readFileSync } from 'node:fs';
import { resolveConfig } from '../config.js';
import { isRecord } from '../domain/json-record.js';
import type { ToolDefinition } from '../domain/registry.js';
import { formatProblem, loadScenarios } from '../scenario/load-scenario.js';
import {
  explainCatalogServer,
  explainScenario,
  explainToolList,
  listCatalogServers,
  serviceModelOf,
  type ConnectionExplanation,
} from '../scenario/scenario-explanation.js';
import { createModelRuntime, type ModelReading } from '../platform/model-runtime.js';
import { CliError, exitCodes } from './cli-error.js';
import type { CommandInput, CommandOptions } from './command.js';
import { toExplanationText } from './explanation-text.js';
import { toProposedCorrectionsText } from './proposed-corrections-text.js';
import type { CliIo } from './io.js';

export const name = 'explain';
export const usage = '<scenario|server|tools.json>...';
export const summary = 'show the service model the simulator reads: entity types, then each tool with why';
export const help = `Prints the service model the simulator (the no-model source) reads: first the entity types (id
field and format, parent and the argument that names it, state field with its values and the tools
that move it, unique fields), then per tool the operation (create, read, list, search, update,
delete, other), the kind the simulator answers it as (a world operation such as a move, a
transition or a batch, or the clock, a screenshot, a read-back, a described or computed value),
the entity, the argument that names it, the arguments a list or search filters by, and the ids a
create makes, each with why. Give a scenario file or folder
(its mock connections, with its tools: corrections and seed world), a demo catalog server name
(@github/github-mcp-server), or a JSON file of tool definitions ({"tools": [...]} or a list).
With --model, the configured model (OPENAI_API_KEY, OPENAI_BASE_URL, MCPSIM_MODEL) then reads each
server once and proposes corrections where it says the rules read wrong, printed as the scenario's
own tools: and entities: for you to review and keep: later runs read them with no model.
Exits 1 when a scenario file has problems or the model failed, 2 when an argument names nothing known.`;
export const positionals = true;

export const options = {
  json: { type: 'boolean', help: 'print {connections: [{connection, server, entityTypes: [...], tools: [...]}]} (docs/simulator.md)' },
  model: { type: 'boolean', help: 'ask the configured model where the reading is wrong; print its corrections to review' },
} as const satisfies CommandOptions;

export async function run({ values, positionals: targets }: CommandInput<typeof options>, io: CliIo): Promise<number> {
  if (targets.length === 0)
    throw new CliError('explain needs a scenario, a server or a tools file, e.g. mcpsim explain scenarios/issue-triage.yaml');
  const connections: ConnectionExplanation[] = [];
  let failed = false;
  for (const target of targets) {
    const toolFile = /\.json$/i.test(target) && existsSync(target) ? readToolFile(target) : null;
    if (toolFile) {
      connections.push(explainToolList(target, toolFile));
      continue;
    }
    if (existsSync(target)) {
      for (const result of await loadScenarios(target)) {
        if ('scenario' in result) connections.push(...explainScenario(result.scenario));
        else {
          failed = true;
          io.stderr(`✗ ${result.file}\n${result.problems.map((problem) => `  ${formatProblem(problem)}\n`).join('')}`);
        }
      }
      continue;
    }
    const server = explainCatalogServer(target);
    if (!server)
      throw new CliError(
        `"${target}" is neither a file nor a demo catalog server; give a scenario, a tools JSON file or one of: ${listCatalogServers().join(', ')}`,
      );
    connections.push(server);
  }
  if (!values.model) {
    io.stdout(values.json ? `${JSON.stringify({ connections })}\n` : toExplanationText(connections));
    return failed ? exitCodes.failure : exitCodes.ok;
  }
  const proposals = await proposeWithModel(connections, io);
  if (values.json)
    io.stdout(
      `${JSON.stringify({ connections: connections.map((connection, index) => ({ ...connection, proposed: proposals.readings[index] })) })}\n`,
    );
  else
    io.stdout(
      toExplanationText(connections) +
        proposals.readings
          .map((reading, index) => toProposedCorrectionsText(connections[index]!.connection, proposals.modelId, reading))
          .join(''),
    );
  return failed || proposals.readings.some((reading) => reading.failures.length > 0) ? exitCodes.failure : exitCodes.ok;
}

/** Each connection read once by the configured model; a usage error without one. */
async function proposeWithModel(
  connections: readonly ConnectionExplanation[],
  io: CliIo,
): Promise<{ modelId: string; readings: ModelReading[] }> {
  const runtime = createModelRuntime(resolveConfig({}, io.env));
  const { resultModel: model, reader } = runtime;
  if (!model || !reader)
    throw new CliError(
      'explain --model needs a model: set OPENAI_API_KEY (and OPENAI_BASE_URL for another endpoint); MCPSIM_MODEL names the model',
    );
  const readings: ModelReading[] = [];
  for (const connection of connections) {
    const service = serviceModelOf(connection)!;
    io.stderr(`▶ ${connection.connection}: ${service.tools.length} tools read by ${model.modelId}\n`);
    readings.push(await reader(service, connection.server));
  }
  return { modelId: model.modelId, readings };
}

/**
 * Tool definitions from a file: `{"tools": [...]}` (a registry entry, a data set file) or a bare list;
 * null for a scenario written as JSON (an object with `namespaces` or `servers` and no `tools`), which
 * is explained as a scenario.
 */
function readToolFile(path: string): ToolDefinition[] | null {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new CliError(`${path} is not JSON (${(error as Error).message}); give a file of tool definitions, {"tools": [...]}`);
  }
  if (isRecord(data) && !('tools' in data) && ('namespaces' in data || 'servers' in data)) return null;
  const tools = Array.isArray(data) ? data : (data as { tools?: unknown } | null)?.tools;
  if (!Array.isArray(tools) || tools.some((tool) => typeof (tool as { name?: unknown } | null)?.name !== 'string'))
    throw new CliError(`${path} holds no list of tool definitions; give {"tools": [{"name": ..., "inputSchema": ...}]}`);
  return tools.map((tool: ToolDefinition) => ({ ...tool, inputSchema: tool.inputSchema ?? { type: 'object' } }));
}
