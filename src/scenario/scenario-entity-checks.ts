/**
 * What `check` says about a scenario's corrections of the service model (`entities:` at the top,
 * `mock.entities` on a connection): each must name an entity type the connection's tools act on
 * (as the simulator reads them, with the `tools:` corrections), a parent must be a type of the
 * server named by an argument of the type's tools, unique fields must be arguments of those tools,
 * and an id format is one of prefix, example or pattern, the pattern a valid regular expression.
 */
import type { EntityCorrection } from '../domain/tool-override.js';
import type { ToolDefinition } from '../domain/registry.js';
import { readServer, type ServiceModel } from '../reading/read-server.js';
import type { Scenario } from './scenario-schema.js';
import { closestOf, toDisplayPath, type Finding, type Segment } from './scenario-issues.js';
import { mockConnectionTools } from './scenario-tool-checks.js';

/**
 * Problems of the entity corrections, at their paths.
 *
 * @example
 *   findEntityCorrectionProblems(scenario);
 *   // [{ path: ['entities', 'card', 'parent', 'argument'], message: 'entities.card.parent.argument: "lst_id" is not an argument of ...' }]
 */
export function findEntityCorrectionProblems(scenario: Scenario): Finding[] {
  const findings: Finding[] = [];
  const report = (path: Segment[], message: string, at?: 'key') =>
    findings.push({ path, message: `${toDisplayPath(path)}: ${message}`, ...(at ? { at } : {}) });
  const models: ServiceModel[] = [];
  let allKnown = true;
  for (const { namespaceIndex, index, connection, tools } of mockConnectionTools(scenario)) {
    if (!tools) {
      allKnown = false;
      continue;
    }
    const mock = typeof connection.mock === 'object' ? connection.mock : {};
    const model = readServer(tools, { serverNames: [connection.server!], corrections: { ...scenario.tools, ...mock.tools } });
    models.push(model);
    for (const [type, correction] of Object.entries(mock.entities ?? {})) {
      const path: Segment[] = ['namespaces', namespaceIndex, 'connections', index, 'mock', 'entities', type];
      if (!model.entityTypes.has(type))
        report(path, `no tool of server "${connection.server}" acts on a "${type}"; ${suggestion(type, [model])}`, 'key');
      else checkCorrection(path, model, type, correction, report);
    }
  }
  for (const [type, correction] of Object.entries(scenario.entities ?? {})) {
    const path: Segment[] = ['entities', type];
    const model = models.find((candidate) => candidate.entityTypes.has(type));
    if (model) checkCorrection(path, model, type, correction, report);
    else if (allKnown)
      report(path, `no mock connection of this scenario has tools that act on a "${type}"; ${suggestion(type, models)}`, 'key');
  }
  return findings;
}

function suggestion(type: string, models: readonly ServiceModel[]): string {
  const names = [...new Set(models.flatMap((model) => [...model.entityTypes.keys()]))];
  const closest = closestOf(type, names);
  if (closest) return `did you mean "${closest}"?`;
  return names.length > 0
    ? `the types it reads are ${names.join(', ')} (mcpsim explain shows them)`
    : 'name a type that mcpsim explain shows';
}

function checkCorrection(
  path: Segment[],
  model: ServiceModel,
  type: string,
  correction: EntityCorrection,
  report: (path: Segment[], message: string) => void,
): void {
  const arguments_ = argumentsOf(model, type);
  const id = correction.id ?? {};
  const given = (['prefix', 'example', 'pattern'] as const).filter((key) => id[key] !== undefined);
  if (correction.id && given.length !== 1)
    report([...path, 'id'], `give one of prefix, example or pattern${given.length > 1 ? `, not ${given.join(' and ')}` : ''}`);
  if (id.pattern !== undefined && !isRegExp(id.pattern)) report([...path, 'id', 'pattern'], `"${id.pattern}" is not a regular expression`);
  if (correction.parent) {
    const types = [...model.entityTypes.keys()].filter((name) => name !== type);
    if (!model.entityTypes.has(correction.parent.type) || correction.parent.type === type) {
      const closest = closestOf(correction.parent.type, types);
      report(
        [...path, 'parent', 'type'],
        `"${correction.parent.type}" is not another type the server's tools act on; ${closest ? `did you mean "${closest}"?` : `its types are ${types.join(', ')}`}`,
      );
    }
    if (!arguments_.includes(correction.parent.argument)) {
      const closest = closestOf(correction.parent.argument, arguments_);
      report(
        [...path, 'parent', 'argument'],
        `"${correction.parent.argument}" is not an argument of any tool acting on a ${type}; ${closest ? `did you mean "${closest}"?` : `their arguments are ${arguments_.join(', ')}`}`,
      );
    }
  }
  for (const [index, field] of (correction.unique ?? []).entries()) {
    if (arguments_.includes(field)) continue;
    const closest = closestOf(field, arguments_);
    report(
      [...path, 'unique', index],
      `"${field}" is not an argument of any tool acting on a ${type}; ${closest ? `did you mean "${closest}"?` : `their arguments are ${arguments_.join(', ')}`}`,
    );
  }
}

/** The arguments of the tools that act on a type, in order. */
function argumentsOf(model: ServiceModel, type: string): string[] {
  const names = new Set<string>();
  const tools = new Map<string, ToolDefinition>(model.tools.map((tool) => [tool.name, tool]));
  for (const name of model.entityTypes.get(type)?.tools ?? [])
    for (const argument of Object.keys(tools.get(name)?.inputSchema.properties ?? {})) names.add(argument);
  return [...names];
}

function isRegExp(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}
