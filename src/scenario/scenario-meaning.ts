/**
 * What the scenario schema cannot see: duplicate names, steps that call undeclared namespaces,
 * connections or tools, connections with neither server, mcpUrl nor uplink (or uplink with one of them), servers that exist nowhere,
 * tool corrections that name no tool or argument (scenario-tool-checks.ts), and verify rules that
 * name no declared server or tool (scenario-verify-checks.ts).
 */
import { loadDemoCatalog } from '../store/demo-catalog.js';
import type { Scenario } from './scenario-schema.js';
import { closestOf, toDisplayPath, type Finding, type Segment } from './scenario-issues.js';
import { findStepProblems, findStepTarget } from './scenario-step-checks.js';
import { findToolOverrideProblems, toServerKey } from './scenario-tool-checks.js';
import { findEntityCorrectionProblems } from './scenario-entity-checks.js';
import { findVerifyRuleProblems } from './scenario-verify-checks.js';

let catalogNames: readonly string[] | undefined;

export function demoCatalogNames(): readonly string[] {
  catalogNames ??= loadDemoCatalog().map((entry) => entry.qualifiedName);
  return catalogNames;
}

function isMockOn(mock: Scenario['namespaces'][number]['connections'][number]['mock']): boolean {
  return mock !== undefined && mock !== false;
}

function hasDuplicateIds(namespace: Scenario['namespaces'][number]): boolean {
  return new Set(namespace.connections.map((connection) => connection.id)).size < namespace.connections.length;
}

export function findMeaningProblems(
  scenario: Scenario,
  knownServerNames: readonly string[],
  lineOf: (path: readonly Segment[]) => number,
): Finding[] {
  const knownServers = new Set(knownServerNames.map(toServerKey));
  const findings: Finding[] = [];
  const report = (path: Segment[], message: string) => findings.push({ path, message: `${toDisplayPath(path)}: ${message}` });
  const checkUnique = (what: string, items: ReadonlyArray<{ key: string; path: Segment[]; shown: string }>) => {
    const first = new Map<string, Segment[]>();
    for (const item of items) {
      const earlier = first.get(item.key);
      if (earlier)
        report(
          item.path,
          `${what} "${item.shown}" is already used by ${toDisplayPath(earlier.slice(0, -1))} (line ${lineOf(earlier)}); rename one of them`,
        );
      else first.set(item.key, item.path);
    }
  };

  checkUnique(
    'server',
    scenario.servers.map((server, index) => ({
      key: toServerKey(server.qualifiedName),
      path: ['servers', index, 'qualifiedName'],
      shown: server.qualifiedName,
    })),
  );
  checkUnique(
    'namespace name',
    scenario.namespaces.map((namespace, index) => ({ key: namespace.name, path: ['namespaces', index, 'name'], shown: namespace.name })),
  );
  checkUnique(
    'token name',
    scenario.tokens.map((token, index) => ({ key: token.name, path: ['tokens', index, 'name'], shown: token.name })),
  );

  const declaredServers = new Map<string, { server: Scenario['servers'][number]; index: number }>();
  for (const [index, server] of scenario.servers.entries())
    if (!declaredServers.has(toServerKey(server.qualifiedName))) declaredServers.set(toServerKey(server.qualifiedName), { server, index });
  const serverNames = [...scenario.servers.map((server) => server.qualifiedName), ...knownServerNames];
  for (const [namespaceIndex, namespace] of scenario.namespaces.entries()) {
    const at = (index: number, ...rest: Segment[]): Segment[] => ['namespaces', namespaceIndex, 'connections', index, ...rest];
    checkUnique(
      'connection id',
      namespace.connections.map((connection, index) => ({ key: connection.id, path: at(index, 'id'), shown: connection.id })),
    );
    for (const [index, connection] of namespace.connections.entries()) {
      if (connection.uplink !== undefined) {
        // A local stdio server is the connection's upstream: nothing else may name one.
        for (const field of ['server', 'mcpUrl', 'headers', 'mock'] as const) {
          if (connection[field] !== undefined)
            report(
              at(index, field),
              `not allowed with uplink: connection "${connection.id}" reaches the local server its uplink starts; remove ${field}, or remove uplink to use ${field}`,
            );
        }
      } else if (connection.server === undefined && connection.mcpUrl === undefined) {
        report(
          at(index),
          `connection "${connection.id}" has neither server, mcpUrl nor uplink; add server: <a registry qualifiedName> (from servers or the demo catalog), mcpUrl: <a real MCP server URL> or uplink: <the command of a local stdio server>`,
        );
      }
      if (connection.server === undefined && connection.mcpUrl !== undefined && isMockOn(connection.mock)) {
        report(
          at(index, 'mock'),
          'mock needs a registry server to simulate, and this connection has only mcpUrl; add server: <qualifiedName> (from servers or the demo catalog), or remove mock to call the real server',
        );
      }
      if (
        connection.server !== undefined &&
        !declaredServers.has(toServerKey(connection.server)) &&
        !knownServers.has(toServerKey(connection.server))
      ) {
        const closest = closestOf(connection.server, serverNames);
        report(
          at(index, 'server'),
          `"${connection.server}" is neither declared in servers nor in the demo catalog; ${closest ? `did you mean "${closest}"?` : 'declare it under servers (qualifiedName, tools) or name a catalog server'}`,
        );
      }
    }
  }

  const followOns = new Map<string, Array<{ connectionId: string; stepIndex: number }>>();
  for (const [stepIndex, step] of scenario.steps.entries()) {
    const path: Segment[] = ['steps', stepIndex, 'call'];
    const target = findStepTarget(scenario, step.call);
    if (!('namespace' in target)) {
      const names = scenario.namespaces.map((candidate) => candidate.name);
      const closest = closestOf(target.namespaceName, names);
      report(
        path,
        `namespace "${target.namespaceName}" is not declared in this file; ${closest ? `did you mean "${closest}"?` : `declare it under namespaces, or call one of ${names.join(', ')}`}`,
      );
      continue;
    }
    const { namespace, connection, toolName, duplicated } = target;
    if (!connection) {
      const rest = step.call.slice(step.call.indexOf('/') + 1);
      const connectionId = rest.slice(0, rest.indexOf('.'));
      const ids = namespace.connections.map((candidate) => candidate.id);
      const closest = closestOf(connectionId, ids);
      const fix = closest
        ? `did you mean "${closest}"?`
        : ids.length > 0
          ? `its connections are ${ids.join(', ')}`
          : "add it under the namespace's connections";
      // With a duplicate id in the namespace, the missing one is most likely the duplicate misnamed: one problem, not one per step.
      if (hasDuplicateIds(namespace))
        followOns.set(namespace.name, [...(followOns.get(namespace.name) ?? []), { connectionId, stepIndex }]);
      else report(path, `connection "${connectionId}" is not declared in namespace "${namespace.name}"; ${fix}`);
      continue;
    }
    const declared = connection.server === undefined ? undefined : declaredServers.get(toServerKey(connection.server));
    // With mcpUrl and no mock the tools come from the real server, so only the mock's tools are known here.
    if (
      declared &&
      !duplicated &&
      (connection.mcpUrl === undefined || isMockOn(connection.mock)) &&
      !declared.server.tools.some((tool) => tool.name === toolName)
    ) {
      const tools = declared.server.tools.map((tool) => tool.name);
      const closest = closestOf(toolName, tools);
      const fix = closest
        ? `did you mean "${closest}"?`
        : tools.length > 0
          ? `its tools are ${tools.join(', ')}`
          : 'add the tool to its tools';
      report(path, `server "${declared.server.qualifiedName}" (servers[${declared.index}]) has no tool "${toolName}"; ${fix}`);
    }
  }
  for (const [namespaceName, calls] of followOns) {
    const duplicate = findings.find(
      (finding) =>
        finding.path[0] === 'namespaces' &&
        scenario.namespaces[finding.path[1] as number]?.name === namespaceName &&
        finding.message.includes('is already used'),
    );
    const byConnection = new Map<string, string[]>();
    for (const call of calls)
      byConnection.set(call.connectionId, [...(byConnection.get(call.connectionId) ?? []), `steps[${call.stepIndex}]`]);
    const said = [...byConnection].map(([id, steps]) => `${steps.join(', ')} call${steps.length === 1 ? 's' : ''} "${id}"`);
    if (duplicate) duplicate.message += `; ${said.join(', and ')}, which no connection is named: is that the name one of them should have?`;
  }
  findings.push(...findStepProblems(scenario));
  findings.push(...findToolOverrideProblems(scenario));
  findings.push(...findEntityCorrectionProblems(scenario));
  findings.push(...findVerifyRuleProblems(scenario));
  return findings;
}
