/**
 * What `check` says about a scenario's `verify:` section: `mcpsim verify` holds the servers the
 * scenario declares (`servers:`) against the live one, so each server it names must be one of
 * them, and each tool one of that server's tools (or `*`, every tool).
 */
import type { Scenario } from './scenario-schema.js';
import { closestOf, toDisplayPath, type Finding, type Segment } from './scenario-issues.js';
import { toServerKey } from './scenario-tool-checks.js';

export function findVerifyRuleProblems(scenario: Scenario): Finding[] {
  const findings: Finding[] = [];
  const report = (path: Segment[], message: string) => findings.push({ path, at: 'key', message: `${toDisplayPath(path)}: ${message}` });
  for (const [serverName, byTool] of Object.entries(scenario.verify ?? {})) {
    const server = scenario.servers.find((candidate) => toServerKey(candidate.qualifiedName) === toServerKey(serverName));
    if (!server) {
      const names = scenario.servers.map((candidate) => candidate.qualifiedName);
      const closest = closestOf(serverName, names);
      report(
        ['verify', serverName],
        `"${serverName}" is not a server of this file; mcpsim verify holds only those declared under servers; ${closest ? `did you mean "${closest}"?` : names.length > 0 ? `its servers are ${names.join(', ')}` : 'declare it there'}`,
      );
      continue;
    }
    const tools = server.tools.map((tool) => tool.name);
    for (const tool of Object.keys(byTool))
      if (tool !== '*' && !tools.includes(tool)) {
        const closest = closestOf(tool, tools);
        report(
          ['verify', serverName, tool],
          `server "${server.qualifiedName}" has no tool "${tool}"; ${closest ? `did you mean "${closest}"?` : `its tools are ${tools.join(', ') || 'none'}, or * for every tool`}`,
        );
      }
  }
  return findings;
}
