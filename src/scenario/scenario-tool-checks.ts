/**
 * What `check` says about a scenario's tool corrections (`tools:` at the top, `mock.tools` on a
 * connection): each must name a tool the connection's server has, and an `id` override must name
 * one of that tool's arguments. A fault's `tool` must be one of the server's tools too.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { loadDemoCatalog } from '../store/demo-catalog.js';
import type { Scenario, ScenarioConnection } from './scenario-schema.js';
import { closestOf, toDisplayPath, type Finding, type Segment } from './scenario-issues.js';

let catalogTools: ReadonlyMap<string, readonly ToolDefinition[]> | undefined;

/** The registry matches names with or without the leading `@`, in any case. */
export function toServerKey(qualifiedName: string): string {
  return qualifiedName.replace(/^@/, '').toLowerCase();
}

/** The tools of every server the scenario can name: its own `servers`, then the demo catalog's. */
export function toolsByServer(scenario: Scenario): Map<string, readonly ToolDefinition[]> {
  catalogTools ??= new Map(loadDemoCatalog().map((entry) => [toServerKey(entry.qualifiedName), entry.tools]));
  const tools = new Map(catalogTools);
  // A server the scenario declares replaces a catalog entry of the same name, as applying it does.
  for (const server of scenario.servers)
    tools.set(
      toServerKey(server.qualifiedName),
      server.tools.map((tool) => ({ ...tool, inputSchema: tool.inputSchema ?? { type: 'object' } })),
    );
  return tools;
}

/** A mock connection of the scenario, where it is, and its server's tools (undefined: a server the scenario cannot name). */
export interface MockConnectionTools {
  namespaceIndex: number;
  index: number;
  connection: ScenarioConnection;
  tools: readonly ToolDefinition[] | undefined;
}

/** Every mock connection of the scenario, in order, with its server's tools. */
export function mockConnectionTools(scenario: Scenario): MockConnectionTools[] {
  const byServer = toolsByServer(scenario);
  return scenario.namespaces.flatMap((namespace, namespaceIndex) =>
    namespace.connections.flatMap((connection, index) =>
      connection.mock === undefined || connection.mock === false
        ? []
        : [
            {
              namespaceIndex,
              index,
              connection,
              tools: connection.server === undefined ? undefined : byServer.get(toServerKey(connection.server)),
            },
          ],
    ),
  );
}

function mockTools(mock: ScenarioConnection['mock']): Record<string, { id?: string | null | undefined }> | undefined {
  return typeof mock === 'object' ? mock.tools : undefined;
}

/**
 * Problems of the tool corrections, at their paths.
 *
 * @example
 *   findToolOverrideProblems(scenario); // [{ path: ['tools', 'send_mail'], message: 'tools.send_mail: no mock connection ... did you mean "send_email"?' }]
 */
export function findToolOverrideProblems(scenario: Scenario): Finding[] {
  const findings: Finding[] = [];
  const report = (path: Segment[], message: string, at?: 'key') =>
    findings.push({ path, message: `${toDisplayPath(path)}: ${message}`, ...(at ? { at } : {}) });
  const checkId = (path: Segment[], tool: ToolDefinition, id: string | null | undefined) => {
    const properties = tool.inputSchema.properties;
    if (typeof id !== 'string' || !properties || typeof properties !== 'object') return;
    const names = Object.keys(properties);
    if (!names.includes(id)) {
      const closest = closestOf(id, names);
      report(
        [...path, 'id'],
        `"${id}" is not an argument of ${tool.name}; ${closest ? `did you mean "${closest}"?` : names.length > 0 ? `its arguments are ${names.join(', ')}` : 'it takes none (use id: null)'}`,
      );
    }
  };

  const reachable: ToolDefinition[] = [];
  let allKnown = true;
  for (const { namespaceIndex, index, connection, tools } of mockConnectionTools(scenario)) {
    if (!tools) {
      allKnown = false;
      continue;
    }
    reachable.push(...tools);
    for (const [faultIndex, fault] of (connection.faults ?? []).entries()) {
      if (fault.tool === undefined || tools.some((candidate) => candidate.name === fault.tool)) continue;
      // A fault on a misspelt tool never fires: the step that expects it fails at test time.
      const closest = closestOf(
        fault.tool,
        tools.map((candidate) => candidate.name),
      );
      report(
        ['namespaces', namespaceIndex, 'connections', index, 'faults', faultIndex, 'tool'],
        `server "${connection.server}" has no tool "${fault.tool}", so this fault would never fire; ${closest ? `did you mean "${closest}"?` : `its tools are ${tools.map((candidate) => candidate.name).join(', ')}`}`,
      );
    }
    for (const [name, override] of Object.entries(mockTools(connection.mock) ?? {})) {
      const path: Segment[] = ['namespaces', namespaceIndex, 'connections', index, 'mock', 'tools', name];
      const tool = tools.find((candidate) => candidate.name === name);
      if (!tool) {
        const closest = closestOf(
          name,
          tools.map((candidate) => candidate.name),
        );
        report(
          path,
          `server "${connection.server}" has no tool "${name}"; ${closest ? `did you mean "${closest}"?` : `its tools are ${tools.map((candidate) => candidate.name).join(', ')}`}`,
          'key',
        );
      } else checkId(path, tool, override.id);
    }
  }
  for (const [name, override] of Object.entries(scenario.tools ?? {})) {
    const path: Segment[] = ['tools', name];
    const tool = reachable.find((candidate) => candidate.name === name);
    if (tool) checkId(path, tool, override.id);
    else if (allKnown) {
      const closest = closestOf(name, [...new Set(reachable.map((candidate) => candidate.name))]);
      report(
        path,
        `no mock connection of this scenario has a tool "${name}"; ${closest ? `did you mean "${closest}"?` : "name a tool of a mock connection's server"}`,
        'key',
      );
    }
  }
  return findings;
}
