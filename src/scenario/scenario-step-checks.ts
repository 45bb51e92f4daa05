/**
 * What `check` (and `test`, before it runs anything) says about a scenario's steps beyond their
 * shape: arguments that do not fit the called tool's inputSchema, a tool the connection's server
 * does not have, `matchesOutputSchema` on a tool without a (valid) outputSchema, and JSONPath
 * expectations that are not valid JSONPath.
 *
 * The inputSchema is the one the platform will validate the call against: the scenario's own
 * server when it declares one of that name, else the demo catalog's entry. A connection with only
 * `mcpUrl` (and no mock) gets its tools from the real server, so its steps' arguments are not
 * checked here.
 */
import type { ErrorObject } from 'ajv';
import { findJsonPathProblem } from '../domain/json-path.js';
import { createSchemaCompiler } from '../domain/json-schema.js';
import type { ToolDefinition } from '../domain/registry.js';
import type { Scenario, ScenarioConnection } from './scenario-schema.js';
import { closestOf, toDisplayPath, type Finding, type Segment } from './scenario-issues.js';
import { toolsByServer, toServerKey } from './scenario-tool-checks.js';

/** Every problem of an argument is worth a line, so all errors are collected. */
const schemas = createSchemaCompiler({ allErrors: true });

/** The connection and tool a step's `call` names, when the file declares them. */
export interface StepTarget {
  namespace: Scenario['namespaces'][number];
  connection: ScenarioConnection | undefined;
  /** The part after `<connection>.` (or after the first dot when no connection matches). */
  toolName: string;
  /**
   * Whether another connection of the namespace has the same id: the duplicate is reported once
   * (scenario-meaning.ts), and which one the step means is unknown, so its tool is not checked.
   */
  duplicated: boolean;
}

/**
 * Splits `<namespace>/<connection>.<tool>` against the declared connections. Connection ids may
 * contain dots, so the longest declared id that prefixes the rest wins.
 *
 * @example
 *   findStepTarget(scenario, 'triage/tracker.get_issue'); // { namespace, connection: { id: 'tracker', ... }, toolName: 'get_issue' }
 */
export function findStepTarget(scenario: Scenario, call: string): StepTarget | { namespaceName: string } {
  const slash = call.indexOf('/');
  const namespaceName = call.slice(0, slash);
  const rest = call.slice(slash + 1);
  const namespace = scenario.namespaces.find((candidate) => candidate.name === namespaceName);
  if (!namespace) return { namespaceName };
  const connection = namespace.connections
    .filter((candidate) => rest.startsWith(`${candidate.id}.`))
    .sort((a, b) => b.id.length - a.id.length)[0];
  return {
    namespace,
    connection,
    toolName: connection ? rest.slice(connection.id.length + 1) : rest.slice(rest.indexOf('.') + 1),
    duplicated: connection !== undefined && namespace.connections.filter((candidate) => candidate.id === connection.id).length > 1,
  };
}

/**
 * Argument and JSONPath problems of every step, at the node that is wrong.
 *
 * @example
 *   findStepProblems(scenario);
 *   // [{ path: ['steps', 1, 'arguments', 'durationMinutes'], message: 'steps[1].arguments.durationMinutes: must be integer, got "45" (a string) ...' }]
 */
export function findStepProblems(scenario: Scenario): Finding[] {
  const findings: Finding[] = [];
  const byServer = toolsByServer(scenario);
  const declared = new Set(scenario.servers.map((server) => toServerKey(server.qualifiedName)));
  for (const [index, step] of scenario.steps.entries()) {
    for (const path of Object.keys(step.expect?.jsonPath ?? {})) {
      const problem = findJsonPathProblem(path);
      const at: Segment[] = ['steps', index, 'expect', 'jsonPath', path];
      if (problem)
        findings.push({
          path: at,
          at: 'key',
          message: `${toDisplayPath(at)}: not a valid JSONPath: ${problem.message}; see "JSONPath" in scenarios/README.md`,
        });
    }
    const target = findStepTarget(scenario, step.call);
    // An undeclared namespace or connection is reported by scenario-meaning.ts.
    if (!('connection' in target) || !target.connection?.server || target.duplicated) continue;
    const { connection, toolName } = target;
    if (connection.mcpUrl !== undefined && (connection.mock === undefined || connection.mock === false)) continue;
    const serverKey = toServerKey(connection.server!);
    const tools = byServer.get(serverKey);
    if (!tools) continue;
    const tool = tools.find((candidate) => candidate.name === toolName);
    if (!tool) {
      // A declared server's missing tool is reported by scenario-meaning.ts, with its servers[] index.
      if (!declared.has(serverKey)) {
        const closest = closestOf(
          toolName,
          tools.map((candidate) => candidate.name),
        );
        const fix = closest ? `did you mean "${closest}"?` : `its tools are ${tools.map((candidate) => candidate.name).join(', ')}`;
        findings.push({
          path: ['steps', index, 'call'],
          message: `${toDisplayPath(['steps', index, 'call'])}: catalog server "${connection.server}" has no tool "${toolName}"; ${fix}`,
        });
      }
      continue;
    }
    findings.push(...findArgumentProblems(tool, step.arguments, ['steps', index, 'arguments']));
    if (step.expect?.matchesOutputSchema === true) {
      const at: Segment[] = ['steps', index, 'expect', 'matchesOutputSchema'];
      const compiled = tool.outputSchema ? schemas.compile(tool.outputSchema) : undefined;
      if (!compiled)
        findings.push({
          path: at,
          message: `${toDisplayPath(at)}: tool ${tool.name} has no outputSchema to match; add one to the tool, or remove matchesOutputSchema`,
        });
      else if (!compiled.ok)
        findings.push({
          path: at,
          message: `${toDisplayPath(at)}: the outputSchema of ${tool.name} cannot be compiled (${compiled.problem}); fix the tool's outputSchema`,
        });
    }
  }
  return findings;
}

function findArgumentProblems(tool: ToolDefinition, args: Record<string, unknown>, at: Segment[]): Finding[] {
  const compiled = schemas.compile(tool.inputSchema);
  if (!compiled.ok)
    return [
      {
        path: at,
        message: `${toDisplayPath(at)}: the inputSchema of ${tool.name} cannot be compiled (${compiled.problem}); fix the tool's inputSchema`,
      },
    ];
  if (compiled.validate(args)) return [];
  return (compiled.validate.errors ?? []).map((error) => describeArgumentError(error, tool, args, at));
}

/** One Ajv error as a finding at the argument it is about: the field, the rule, the expected type. */
function describeArgumentError(error: ErrorObject, tool: ToolDefinition, args: Record<string, unknown>, at: Segment[]): Finding {
  const segments = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part): Segment => (/^\d+$/.test(part) ? Number(part) : part));
  const path = [...at, ...segments];
  const value = segments.reduce<unknown>(
    (current, segment) => (current !== null && typeof current === 'object' ? (current as Record<string, unknown>)[segment] : undefined),
    args,
  );
  const params = error.params as Record<string, unknown>;
  const source = `the inputSchema of ${tool.name}`;
  switch (error.keyword) {
    case 'required': {
      const missing = String(params.missingProperty);
      const schema = propertySchema(schemaAt(tool.inputSchema, segments), missing);
      const type = typeof schema?.type === 'string' ? schema.type : undefined;
      const shown = toDisplayPath([...path, missing]);
      return {
        path,
        message: `${shown}: is required by ${source}; add ${missing}: <${[type, typeof schema?.description === 'string' ? schema.description : undefined].filter(Boolean).join(', ') || 'a value'}>`,
      };
    }
    case 'additionalProperties': {
      const extra = String(params.additionalProperty);
      const known = Object.keys((schemaAt(tool.inputSchema, segments) as { properties?: object } | undefined)?.properties ?? {});
      const closest = closestOf(extra, known);
      const fix = closest ? `did you mean "${closest}"?` : known.length > 0 ? `its arguments are ${known.join(', ')}` : 'it takes none';
      return {
        path: [...path, extra],
        at: 'key',
        message: `${toDisplayPath([...path, extra])}: is not an argument of ${tool.name} (${source} allows no other properties); ${fix}`,
      };
    }
    case 'type':
      return {
        path,
        message: `${toDisplayPath(path)}: must be ${String(params.type)} (${source}), got ${JSON.stringify(value)} (${describeType(value)})`,
      };
    case 'enum':
      return {
        path,
        message: `${toDisplayPath(path)}: must be one of ${(params.allowedValues as unknown[]).map((allowed) => JSON.stringify(allowed)).join(', ')} (${source}), got ${JSON.stringify(value)}`,
      };
    default:
      return { path, message: `${toDisplayPath(path)}: ${error.message ?? 'is invalid'} (${source}), got ${JSON.stringify(value)}` };
  }
}

/** The subschema that describes the value at `segments` (through properties and items), when plain enough to follow. */
function schemaAt(schema: unknown, segments: readonly Segment[]): unknown {
  let current = schema;
  for (const segment of segments) {
    const node = current as { properties?: Record<string, unknown>; items?: unknown } | undefined;
    current = typeof segment === 'number' ? node?.items : node?.properties?.[segment];
  }
  return current;
}

function propertySchema(parent: unknown, name: string): Record<string, unknown> | undefined {
  const properties = (parent as { properties?: Record<string, unknown> } | undefined)?.properties;
  const schema = properties?.[name];
  return schema !== null && typeof schema === 'object' ? (schema as Record<string, unknown>) : undefined;
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a number';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
