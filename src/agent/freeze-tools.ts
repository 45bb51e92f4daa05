import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { z } from 'zod';
import { toCanonicalJson, sortKeys } from '../domain/canonical-json.js';
import { toFixturePath } from '../domain/fixture-path.js';
import { yamlPackage } from '../domain/lazy-packages.js';
import { apiError } from '../errors.js';
import { toProjectPath } from './agent-project.js';
import { defineAgentTool, destructive, type AgentContext } from './agent-tool.js';
import { mockedServerKey } from './connection-tools.js';
import { findCalls } from './call-tools.js';
import type { LoggedCall } from './call-filter.js';
import { connectionIdInput, namespaceInput, toConnectPath, toControlPath } from './shared-schemas.js';

/** What a replayed call must answer again: its error flag and its text, as capture's scenarios expect. */
function toExpectation(result: LoggedCall['result']): Record<string, unknown> {
  const content = Array.isArray(result.content) ? (result.content as { type?: unknown; text?: unknown }[]) : [];
  const text = content
    .filter((part) => part.type === 'text' && typeof part.text === 'string')
    .map((part) => part.text as string)
    .join('\n');
  return { isError: result.isError === true, equals: text };
}

/** The tool fields a scenario's `servers:` entry takes (scenario-schema.ts). */
const scenarioToolFields = ['name', 'title', 'description', 'inputSchema', 'outputSchema', 'annotations'] as const;

/** The scenario's `servers:` entry of the server the mock plays: `server`, else the one mock_server noted on the connection. */
async function readServerEntry({ api }: AgentContext, namespace: string, connectionId: string, server: string | undefined) {
  const connection = await api.request<{ metadata?: Record<string, unknown> | null }>('GET', toConnectPath(namespace, connectionId));
  const noted = connection.metadata?.[mockedServerKey];
  const name = server ?? (typeof noted === 'string' ? noted : undefined);
  if (name === undefined)
    throw apiError(
      'validation_error',
      `${namespace}/${connectionId} was not made by mock_server: name the registry server it plays with \`server\``,
    );
  const entry = await api.request<{
    qualifiedName: string;
    displayName?: string;
    description?: string;
    tools?: Record<string, unknown>[] | null;
  }>('GET', `/servers/${encodeURIComponent(name)}`);
  const tools = (entry.tools ?? []).map((tool) =>
    Object.fromEntries(
      scenarioToolFields.filter((field) => tool[field] !== undefined && tool[field] !== null).map((field) => [field, tool[field]]),
    ),
  );
  return {
    qualifiedName: entry.qualifiedName,
    ...(entry.displayName ? { displayName: entry.displayName } : {}),
    ...(entry.description ? { description: entry.description } : {}),
    tools,
  };
}

export const freezeCalls = defineAgentTool({
  name: 'freeze_calls',
  title: "Freeze a mock's calls as fixtures and a scenario",
  description:
    "Use this once a mock answers the way the test needs: writes every logged call's result as a fixture, and a scenario file " +
    '(the server and its tools, the connection with its starting world and corrections, one step per call expecting the same ' +
    'answer) under a directory of the project, so `mcpsim test <dir>/scenario.yaml` replays them in CI with no model (check it ' +
    'with check_scenario, replay it with test_scenario). Overwriting files needs `confirm: true`.',
  input: z.strictObject({
    namespace: namespaceInput,
    connectionId: connectionIdInput,
    server: z
      .string()
      .min(1)
      .optional()
      .describe('the registry name the mock plays (default: the one mock_server made it from); fixtures are filed under it'),
    directory: z
      .string()
      .min(1)
      .describe('where to write, relative to the project directory (e.g. "test/mocks/linear"); must stay under it'),
    name: z.string().min(1).optional().describe('the scenario name (default the connection id)'),
    confirm: z.literal(true).optional().describe('true to overwrite files already there'),
  }),
  output: z.strictObject({ scenario: z.string(), fixtures: z.array(z.string()), calls: z.number() }),
  annotations: destructive,
  files: true,
  async run({ namespace, connectionId, server, directory, name, confirm }, context) {
    const target = toProjectPath(context.project, directory);
    const { api } = context;
    const [simulation, { matched, complete }, served] = await Promise.all([
      api.request<{ world?: unknown; tools?: Record<string, unknown>; entities?: Record<string, unknown> }>(
        'GET',
        `${toControlPath(namespace, connectionId)}/simulation`,
      ),
      findCalls(context, namespace, connectionId, { outcome: 'any' }),
      readServerEntry(context, namespace, connectionId, server),
    ]);
    if (!complete) throw apiError('validation_error', 'the call log is too long to freeze at once; reset the mock and replay fewer calls');
    const scenarioPath = join(target, 'scenario.yaml');
    const byTool = new Map<string, LoggedCall[]>();
    for (const call of matched) byTool.set(call.tool, [...(byTool.get(call.tool) ?? []), call]);
    const fixturePaths = [...byTool.keys()].map((tool) => {
      const path = toFixturePath(join(target, 'fixtures'), served.qualifiedName, tool);
      if (path === null) throw apiError('validation_error', `tool "${tool}" cannot be a fixture file name`);
      return path;
    });
    const existing = [scenarioPath, ...fixturePaths].filter((path) => existsSync(path));
    if (existing.length > 0 && confirm !== true) {
      throw apiError(
        'conflict',
        `${existing.map((path) => relative(target, path)).join(', ')} exist; call again with confirm: true to overwrite`,
      );
    }
    [...byTool].forEach(([tool, calls], index) => {
      const path = fixturePaths[index]!;
      mkdirSync(join(path, '..'), { recursive: true });
      const fixture = {
        server: served.qualifiedName,
        tool,
        calls: calls.map((call) => ({
          arguments: call.arguments,
          occurrence: call.occurrence,
          result: call.result,
          recordedAt: call.at,
          model: call.source === 'simulated' ? 'mcpsim-simulator' : (call.model ?? null),
          ...(call.changes === undefined ? {} : { worldChanges: call.changes }),
        })),
      };
      writeFileSync(path, `${JSON.stringify(sortKeys(fixture), null, 2)}\n`);
    });
    const mock = {
      ...(simulation.world === undefined ? {} : { world: simulation.world }),
      ...(simulation.tools && Object.keys(simulation.tools).length > 0 ? { tools: simulation.tools } : {}),
      ...(simulation.entities && Object.keys(simulation.entities).length > 0 ? { entities: simulation.entities } : {}),
    };
    const scenario = {
      name: name ?? connectionId,
      description: `The calls made to the mock ${namespace}/${connectionId}, frozen by freeze_calls.`,
      fixtures: './fixtures',
      miss: 'error',
      // The server itself, as the registry has it: a mock of pasted tools or of a URL exists in no catalog `mcpsim test` reads.
      servers: [served],
      namespaces: [{ name: namespace, connections: [{ id: connectionId, server: served.qualifiedName, mock }] }],
      steps: matched.map((call) => ({
        name: `call ${call.sequence}: ${call.tool}`,
        call: `${namespace}/${connectionId}.${call.tool}`,
        arguments: JSON.parse(toCanonicalJson(call.arguments)) as unknown,
        expect: toExpectation(call.result),
      })),
    };
    mkdirSync(target, { recursive: true });
    writeFileSync(scenarioPath, yamlPackage().stringify(scenario));
    return { scenario: scenarioPath, fixtures: fixturePaths, calls: matched.length };
  },
});
