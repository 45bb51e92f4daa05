/**
 * The public servers part of `npm run bench:inference` (bench/public-servers.ts): per server, how
 * many tools the simulator reads as a person would, how many checks of its agent-style walk hold,
 * and how many of its answers have plausible values (the walk and its checks: walk-checks.ts).
 * It measures whatever the simulator does; it is not tuned to pass.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ToolDefinition } from '../src/domain/registry.js';
import { inferServerShapes } from '../src/reading/tool-operation.js';
import { publicServers, type PublicServer, type WalkStep } from './public-servers.js';
import { runWalk, type Answer, type CallTool } from './walk-checks.js';

/**
 * The public data set's tool files beside the checkout (`../shared`), or beside the folder of
 * worktrees a checkout may sit in (`../../shared`); the bench skips them with a note when absent.
 */
export const publicToolsDir =
  ['../../shared/registry/tools/', '../../../shared/registry/tools/']
    .map((path) => fileURLToPath(new URL(path, import.meta.url)))
    .find((path) => existsSync(path)) ?? fileURLToPath(new URL('../../shared/registry/tools/', import.meta.url));

export interface PublicFigures {
  server: string;
  tools: number;
  operationsRight: number;
  walkChecks: number;
  walkHeld: number;
  valueChecks: number;
  valuesHeld: number;
  failures: string[];
}

export interface LoadedPublicServer {
  qualifiedName: string;
  tools: ToolDefinition[];
  spec: PublicServer;
}

/** The servers of bench/public-servers.ts with their tools, or null when the data set is not beside the repository. */
export function loadPublicServers(directory = publicToolsDir): LoadedPublicServer[] | null {
  if (!existsSync(directory)) return null;
  return publicServers.map((spec) => {
    const data = JSON.parse(readFileSync(`${directory}${spec.file}`, 'utf8')) as { qualifiedName: string; tools: ToolDefinition[] };
    const tools = data.tools
      .filter((tool) => servableName.test(tool.name))
      .map((tool) => ({ ...tool, inputSchema: tool.inputSchema ?? { type: 'object' } }));
    return { qualifiedName: data.qualifiedName, tools, spec };
  });
}

/** Tool names the registry takes (a name with a space cannot be registered, so no mock serves it). */
const servableName = /^[A-Za-z0-9_./-]+$/;

/**
 * Reads the server's tools, walks it through `callTool` (a fresh mock connection), and counts.
 *
 * @example
 *   const figures = await measurePublicServer(server, (tool, args) => callOverRest(tool, args));
 */
export async function measurePublicServer(server: LoadedPublicServer, callTool: CallTool): Promise<PublicFigures> {
  const failures: string[] = [];
  const shapes = inferServerShapes(server.tools, {}, [server.qualifiedName]);
  const expected = new Map<string, string[]>();
  for (const [operations, names] of Object.entries(server.spec.expected))
    for (const name of splitNames(names ?? '', server.tools)) expected.set(name, operations.split('|'));
  let operationsRight = 0;
  for (const tool of server.tools) {
    const wanted = expected.get(tool.name);
    if (!wanted) throw new Error(`bench/public-servers.ts: ${server.qualifiedName} tool "${tool.name}" has no expected operation`);
    const shape = shapes.get(tool.name)!;
    if (wanted.includes(shape.operation)) operationsRight++;
    else failures.push(`operation of ${tool.name}: read as ${shape.operation} ${shape.entity}, a person reads ${wanted.join(' or ')}`);
  }

  const walked = await runWalk(server.tools, server.spec.walk, callTool, `bench/public-servers.ts: ${server.qualifiedName}`);
  return {
    server: server.qualifiedName,
    tools: server.tools.length,
    operationsRight,
    walkChecks: walked.walkChecks,
    walkHeld: walked.walkHeld,
    valueChecks: walked.valueChecks,
    valuesHeld: walked.valuesHeld,
    failures: [...failures, ...walked.failures],
  };
}

/** Tool names in a space-separated list; a name with spaces (`Summarize Detection`) is matched whole first. */
function splitNames(names: string, tools: readonly ToolDefinition[]): string[] {
  let rest = ` ${names} `;
  const found: string[] = [];
  for (const tool of [...tools].sort((a, b) => b.name.length - a.name.length)) {
    if (rest.includes(` ${tool.name} `)) {
      found.push(tool.name);
      rest = rest.replace(` ${tool.name} `, ' ');
    }
  }
  if (rest.trim()) throw new Error(`bench/public-servers.ts: no tool named ${rest.trim()}`);
  return found;
}

export type { Answer, CallTool, WalkStep };
