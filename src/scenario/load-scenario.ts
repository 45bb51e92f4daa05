/**
 * Reads scenario files (`scenarios/*.yaml`) and reports every problem at its line and column:
 * YAML syntax, the schema of `scenario-schema.ts`, then what the schema cannot see (duplicate
 * names, steps that call undeclared connections, servers that exist nowhere, unknown tools).
 */
import { valueAt } from '../domain/field-message.js';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isAlias, isMap, isScalar, isSeq, LineCounter, parseDocument, type Document } from 'yaml';
import type { z } from 'zod';
import { loadDemoCatalog } from '../store/demo-catalog.js';
import { scenarioSchema, type Scenario } from './scenario-schema.js';

/** One thing wrong in a scenario file, at the node that is wrong. */
export interface ScenarioProblem {
  /** The file as it was given, e.g. `scenarios/triage.yaml`. */
  file: string;
  /** 1-based line and column of the offending node (for a missing property: its parent object). */
  line: number;
  column: number;
  /** Dotted path of the node, e.g. `namespaces.0.connections.1.mock`; `''` for the file itself. */
  path: string;
  /** What is wrong and how to fix it, led by the path, e.g. `namespaces[0].name: must be ... (got "a b")`. */
  message: string;
}

export type ScenarioLoadResult = { scenario: Scenario } | { problems: ScenarioProblem[] };
export type ScenarioFileResult = { file: string } & ScenarioLoadResult;

export interface ScenarioLoadOptions {
  /** Registry names a connection's `server` may name besides the file's `servers` (default: the demo catalog's). */
  knownServers?: readonly string[];
}

type Segment = string | number;
type Finding = { path: Segment[]; message: string; at?: 'key' | 'value' };

/**
 * Parses and checks the text of one scenario file; `file` only labels the problems.
 *
 * @example
 *   const result = loadScenarioText(text, 'scenarios/triage.yaml');
 *   if ('problems' in result) for (const problem of result.problems) console.log(formatProblem(problem));
 */
export function loadScenarioText(text: string, file: string, options: ScenarioLoadOptions = {}): ScenarioLoadResult {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false });
  const toProblem = (offset: number, path: readonly Segment[], message: string): ScenarioProblem => {
    const { line, col } = lineCounter.linePos(offset);
    return { file, line, column: col, path: path.join('.'), message };
  };
  if (document.errors.length > 0) {
    return { problems: document.errors.map((error) => toProblem(error.pos[0], [], toSyntaxMessage(error.code, error.message))) };
  }
  const fromFindings = (findings: readonly Finding[]) => ({
    problems: findings
      .map((finding) => toProblem(locate(document, finding.path, finding.at ?? 'value'), finding.path, finding.message))
      .sort((a, b) => a.line - b.line || a.column - b.column),
  });
  const input: unknown = document.toJS({ maxAliasCount: 1000 }) ?? {};
  const parsed = scenarioSchema.safeParse(input);
  if (!parsed.success) return fromFindings(parsed.error.issues.flatMap((issue) => describeIssue(issue, input)));
  const lineOf = (path: readonly Segment[]) => lineCounter.linePos(locate(document, path, 'value')).line;
  const findings = findMeaningProblems(parsed.data, options.knownServers ?? demoCatalogNames(), lineOf);
  return findings.length > 0 ? fromFindings(findings) : { scenario: parsed.data };
}

/** Reads and checks one scenario file. */
export async function loadScenarioFile(path: string, options: ScenarioLoadOptions = {}): Promise<ScenarioFileResult> {
  return { file: path, ...loadScenarioText(await readFile(path, 'utf8'), path, options) };
}

/**
 * Loads one file, or every `*.yaml` / `*.yml` file of a directory (not its subdirectories), sorted
 * by name. Throws the file system's error when `pathOrDir` does not exist.
 *
 * @example
 *   const results = await loadScenarios('scenarios/');
 */
export async function loadScenarios(pathOrDir: string, options: ScenarioLoadOptions = {}): Promise<ScenarioFileResult[]> {
  if (!(await stat(pathOrDir)).isDirectory()) return [await loadScenarioFile(pathOrDir, options)];
  const names = (await readdir(pathOrDir, { withFileTypes: true }))
    .filter((entry) => entry.isFile() && /\.ya?ml$/i.test(entry.name))
    .map((entry) => entry.name)
    .sort();
  const results: ScenarioFileResult[] = [];
  for (const name of names) results.push(await loadScenarioFile(join(pathOrDir, name), options));
  return results;
}

/** `scenarios/triage.yaml:12:7 namespaces[0].connections[1].status: must be one of ...` */
export function formatProblem(problem: ScenarioProblem): string {
  return `${problem.file}:${problem.line}:${problem.column} ${problem.message}`;
}

// ---- positions ------------------------------------------------------------------------------

/**
 * The offset of the node at `path`: its value, or its key with `at: 'key'`. Where the path leaves
 * the document (a missing property), the deepest node that exists: the parent object.
 */
function locate(document: Document, path: readonly Segment[], at: 'key' | 'value'): number {
  let node: unknown = document.contents;
  let offset = startOf(node) ?? 0;
  for (const [index, segment] of path.entries()) {
    if (isAlias(node)) node = node.resolve(document);
    if (isMap(node)) {
      const pair = node.items.find((item) => (isScalar(item.key) ? String(item.key.value) : String(item.key)) === String(segment));
      if (!pair) return offset;
      const keyOffset = startOf(pair.key) ?? offset;
      const isEmpty = pair.value === null || (isScalar(pair.value) && pair.value.value === null && pair.value.range?.[0] === pair.value.range?.[1]);
      if ((at === 'key' && index === path.length - 1) || isEmpty) return keyOffset;
      node = pair.value;
      offset = startOf(node) ?? keyOffset;
    } else if (isSeq(node) && typeof segment === 'number' && node.items[segment] !== undefined) {
      node = node.items[segment];
      offset = startOf(node) ?? offset;
    } else {
      return offset;
    }
  }
  return offset;
}

function startOf(node: unknown): number | undefined {
  const range = (node as { range?: readonly number[] | null } | null)?.range;
  return range?.[0];
}

function toSyntaxMessage(code: string, message: string): string {
  const hints: Record<string, string> = {
    DUPLICATE_KEY: 'remove or rename one of the two',
    TAB_AS_INDENT: 'indent with spaces',
    BAD_INDENT: 'check the indentation and the closing bracket',
    MULTIPLE_DOCS: 'put one scenario per file (remove the --- line)',
    MISSING_CHAR: 'add the missing character',
  };
  const text = message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
  return `YAML syntax error: ${text}${hints[code] ? `; ${hints[code]}` : ''}`;
}

// ---- schema issues --------------------------------------------------------------------------

const zodDefaultMessage = /^(Invalid|Too (big|small)|Unrecognized)/;

function describeIssue(issue: z.core.$ZodIssue, input: unknown): Finding[] {
  const path = issue.path.map((segment) => (typeof segment === 'symbol' ? String(segment) : segment));
  if (issue.code === 'unrecognized_keys') {
    const known = knownKeysAt(path);
    return issue.keys.map((key) => {
      const closest = closestOf(key, known);
      const fix = closest ? `did you mean "${closest}"?` : `the properties allowed here are ${known.join(', ')}`;
      return { path: [...path, key], at: 'key' as const, message: `${toDisplayPath([...path, key])}: unknown property; ${fix}` };
    });
  }
  const parentPath = path.slice(0, -1);
  const last = path[path.length - 1];
  if (issue.code === 'invalid_type' && last !== undefined && !hasKey(valueAt(input, parentPath), last)) {
    const description = descriptionAt(path);
    return [{ path: parentPath, message: `${toDisplayPath(path)}: is required; add ${String(last)}:${description ? ` <${description}>` : ''}` }];
  }
  const value = valueAt(input, path);
  return [{ path, message: `${toDisplayPath(path)}: ${describeRule(issue, value)}` }];
}

function describeRule(issue: z.core.$ZodIssue, value: unknown): string {
  const got = ` (got ${showValue(value)})`;
  const custom = !zodDefaultMessage.test(issue.message);
  switch (issue.code) {
    case 'invalid_type':
      return `must be ${typeName(issue.expected)}${got}`;
    case 'invalid_value': {
      const values = issue.values.map((allowed) => (typeof allowed === 'string' ? allowed : JSON.stringify(allowed)));
      const closest = typeof value === 'string' ? closestOf(value, values) : undefined;
      return `must be ${values.length === 1 ? '' : 'one of '}${values.join(', ')}${got}${closest ? `; did you mean "${closest}"?` : ''}`;
    }
    case 'invalid_format':
      if (custom) return `${issue.message}${got}`;
      if (issue.format === 'url') return `must be a URL, e.g. https://example.com/mcp${got}`;
      return `${'pattern' in issue && issue.pattern ? `must match ${String(issue.pattern)}` : `must be a valid ${issue.format}`}${got}`;
    case 'too_small':
      return custom ? issue.message : bound('at least', issue.origin, issue.minimum, value);
    case 'too_big':
      return custom ? issue.message : bound('at most', issue.origin, issue.maximum, value);
    case 'invalid_union': {
      // A branch whose type fit but whose rule failed says more than "wrong type".
      const fitting = issue.errors.find((branch) => branch.length > 0 && branch.every((inner) => inner.code !== 'invalid_type'));
      if (fitting) return describeRule(fitting[0]!, value);
      const expected = issue.errors.flatMap((branch) => branch.filter((inner) => inner.code === 'invalid_type').map((inner) => typeName(inner.expected)));
      return expected.length > 0 ? `must be ${toAlternatives(expected)}${got}` : `does not match any allowed shape${got}`;
    }
    default:
      return `${issue.message}${value === undefined || typeof value === 'object' ? '' : got}`;
  }
}

function typeName(expected: string): string {
  const names: Record<string, string> = { array: 'a list', object: 'a mapping', record: 'a mapping', boolean: 'true or false', int: 'a whole number', number: 'a number', string: 'a string' };
  return names[expected] ?? `a ${expected}`;
}

/** `['true or false', 'a string']` as `true, false or a string`. */
function toAlternatives(names: readonly string[]): string {
  const words = [...new Set(names.flatMap((name) => name.split(' or ')))];
  return words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

function bound(relation: string, origin: string, limit: number | bigint, value: unknown): string {
  const plural = Number(limit) === 1 ? '' : 's';
  if (origin === 'string') return `must be ${relation} ${limit} character${plural} long (got ${showValue(value)})`;
  if (origin === 'array') return `must have ${relation} ${limit} item${plural}`;
  return `must be ${relation} ${limit} (got ${showValue(value)})`;
}

function showValue(value: unknown): string {
  if (value === null || value === undefined) return 'an empty value';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function hasKey(value: unknown, key: Segment): boolean {
  return value !== null && typeof value === 'object' && Object.prototype.hasOwnProperty.call(value, key);
}

/** `namespaces.0.connections.1` as `namespaces[0].connections[1]`; odd keys quoted: `jsonPath["$.a"]`. */
function toDisplayPath(path: readonly Segment[]): string {
  if (path.length === 0) return 'scenario';
  return path
    .map((segment, index) => {
      if (typeof segment === 'number') return `[${segment}]`;
      if (!/^[A-Za-z_$][\w$]*$/.test(segment)) return `[${JSON.stringify(segment)}]`;
      return index === 0 ? segment : `.${segment}`;
    })
    .join('');
}

// ---- the schema at a path (for allowed keys and descriptions) -------------------------------

interface SchemaNode {
  description?: string;
  _zod: { def: { type: string; shape?: Record<string, SchemaNode>; element?: SchemaNode; valueType?: SchemaNode; innerType?: SchemaNode } };
}

const wrapperTypes = new Set(['optional', 'default', 'prefault', 'nullable', 'readonly', 'nonoptional', 'catch']);

function unwrap(schema: SchemaNode): SchemaNode {
  let current = schema;
  while (wrapperTypes.has(current._zod.def.type) && current._zod.def.innerType) current = current._zod.def.innerType;
  return current;
}

function schemaAt(path: readonly Segment[]): SchemaNode | undefined {
  let schema: SchemaNode | undefined = scenarioSchema as unknown as SchemaNode;
  for (const segment of path) {
    if (!schema) return undefined;
    const def: SchemaNode['_zod']['def'] = unwrap(schema)._zod.def;
    schema = def.type === 'object' ? def.shape?.[String(segment)] : def.type === 'array' ? def.element : def.type === 'record' ? def.valueType : undefined;
  }
  return schema;
}

function knownKeysAt(path: readonly Segment[]): string[] {
  const schema = schemaAt(path);
  const def = schema ? unwrap(schema)._zod.def : undefined;
  return def?.type === 'object' && def.shape ? Object.keys(def.shape) : [];
}

function descriptionAt(path: readonly Segment[]): string | undefined {
  const schema = schemaAt(path);
  return schema ? (schema.description ?? unwrap(schema).description) : undefined;
}

// ---- what the schema cannot see -------------------------------------------------------------

let catalogNames: readonly string[] | undefined;

function demoCatalogNames(): readonly string[] {
  catalogNames ??= loadDemoCatalog().map((entry) => entry.qualifiedName);
  return catalogNames;
}

/** The registry matches names with or without the leading `@`, in any case. */
function toServerKey(qualifiedName: string): string {
  return qualifiedName.replace(/^@/, '').toLowerCase();
}

function isMockOn(mock: boolean | string | undefined): boolean {
  return mock !== undefined && mock !== false;
}

function findMeaningProblems(scenario: Scenario, knownServerNames: readonly string[], lineOf: (path: readonly Segment[]) => number): Finding[] {
  const knownServers = new Set(knownServerNames.map(toServerKey));
  const findings: Finding[] = [];
  const report = (path: Segment[], message: string) => findings.push({ path, message: `${toDisplayPath(path)}: ${message}` });
  const checkUnique = (what: string, items: ReadonlyArray<{ key: string; path: Segment[]; shown: string }>) => {
    const first = new Map<string, Segment[]>();
    for (const item of items) {
      const earlier = first.get(item.key);
      if (earlier) report(item.path, `${what} "${item.shown}" is already used by ${toDisplayPath(earlier.slice(0, -1))} (line ${lineOf(earlier)}); rename one of them`);
      else first.set(item.key, item.path);
    }
  };

  checkUnique('server', scenario.servers.map((server, index) => ({ key: toServerKey(server.qualifiedName), path: ['servers', index, 'qualifiedName'], shown: server.qualifiedName })));
  checkUnique('namespace name', scenario.namespaces.map((namespace, index) => ({ key: namespace.name, path: ['namespaces', index, 'name'], shown: namespace.name })));
  checkUnique('token name', scenario.tokens.map((token, index) => ({ key: token.name, path: ['tokens', index, 'name'], shown: token.name })));

  const declaredServers = new Map<string, { server: Scenario['servers'][number]; index: number }>();
  for (const [index, server] of scenario.servers.entries()) if (!declaredServers.has(toServerKey(server.qualifiedName))) declaredServers.set(toServerKey(server.qualifiedName), { server, index });
  const serverNames = [...scenario.servers.map((server) => server.qualifiedName), ...knownServerNames];
  for (const [namespaceIndex, namespace] of scenario.namespaces.entries()) {
    const at = (index: number, ...rest: Segment[]): Segment[] => ['namespaces', namespaceIndex, 'connections', index, ...rest];
    checkUnique('connection id', namespace.connections.map((connection, index) => ({ key: connection.id, path: at(index, 'id'), shown: connection.id })));
    for (const [index, connection] of namespace.connections.entries()) {
      if (connection.server === undefined && connection.mcpUrl === undefined) {
        report(at(index), `connection "${connection.id}" has neither server nor mcpUrl; add server: <a registry qualifiedName> (from servers or the demo catalog) or mcpUrl: <a real MCP server URL>`);
      }
      if (connection.server === undefined && connection.mcpUrl !== undefined && isMockOn(connection.mock)) {
        report(at(index, 'mock'), 'mock needs a registry server to simulate, and this connection has only mcpUrl; add server: <qualifiedName> (from servers or the demo catalog), or remove mock to call the real server');
      }
      if (connection.server !== undefined && !declaredServers.has(toServerKey(connection.server)) && !knownServers.has(toServerKey(connection.server))) {
        const closest = closestOf(connection.server, serverNames);
        report(
          at(index, 'server'),
          `"${connection.server}" is neither declared in servers nor in the demo catalog; ${closest ? `did you mean "${closest}"?` : 'declare it under servers (qualifiedName, tools) or name a catalog server'}`,
        );
      }
    }
  }

  for (const [stepIndex, step] of scenario.steps.entries()) {
    const path: Segment[] = ['steps', stepIndex, 'call'];
    const slash = step.call.indexOf('/');
    const namespaceName = step.call.slice(0, slash);
    const rest = step.call.slice(slash + 1);
    const namespace = scenario.namespaces.find((candidate) => candidate.name === namespaceName);
    if (!namespace) {
      const names = scenario.namespaces.map((candidate) => candidate.name);
      const closest = closestOf(namespaceName, names);
      report(path, `namespace "${namespaceName}" is not declared in this file; ${closest ? `did you mean "${closest}"?` : `declare it under namespaces, or call one of ${names.join(', ')}`}`);
      continue;
    }
    // Connection ids may contain dots, so the longest declared id that prefixes the rest wins.
    const connection = namespace.connections.filter((candidate) => rest.startsWith(`${candidate.id}.`)).sort((a, b) => b.id.length - a.id.length)[0];
    if (!connection) {
      const connectionId = rest.slice(0, rest.indexOf('.'));
      const ids = namespace.connections.map((candidate) => candidate.id);
      const closest = closestOf(connectionId, ids);
      const fix = closest ? `did you mean "${closest}"?` : ids.length > 0 ? `its connections are ${ids.join(', ')}` : 'add it under the namespace\'s connections';
      report(path, `connection "${connectionId}" is not declared in namespace "${namespaceName}"; ${fix}`);
      continue;
    }
    const toolName = rest.slice(connection.id.length + 1);
    const declared = connection.server === undefined ? undefined : declaredServers.get(toServerKey(connection.server));
    // With mcpUrl and no mock the tools come from the real server, so only the mock's tools are known here.
    if (declared && (connection.mcpUrl === undefined || isMockOn(connection.mock)) && !declared.server.tools.some((tool) => tool.name === toolName)) {
      const tools = declared.server.tools.map((tool) => tool.name);
      const closest = closestOf(toolName, tools);
      const fix = closest ? `did you mean "${closest}"?` : tools.length > 0 ? `its tools are ${tools.join(', ')}` : 'add the tool to its tools';
      report(path, `server "${declared.server.qualifiedName}" (servers[${declared.index}]) has no tool "${toolName}"; ${fix}`);
    }
  }
  return findings;
}

// ---- "did you mean" -------------------------------------------------------------------------

/** The candidate nearest to `wanted` (case-insensitive edit distance), when near enough to be a typo. */
function closestOf(wanted: string, candidates: readonly string[]): string | undefined {
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(wanted.toLowerCase(), candidate.toLowerCase());
    if (!best || distance < best.distance) best = { candidate, distance };
  }
  return best && best.distance <= Math.max(1, Math.floor(wanted.length / 3)) ? best.candidate : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}
