/**
 * Reads scenario files (`scenarios/*.yaml`) and reports every problem at its line and column:
 * YAML syntax, the schema of `scenario-schema.ts`, then what the schema cannot see (duplicate
 * names, steps that call undeclared connections, servers that exist nowhere, unknown tools).
 */
import { readFileSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Document } from 'yaml';
import { yamlPackage } from '../domain/lazy-packages.js';
import { findJsonLimitBreach, jsonLimits, toBreachMessage } from '../domain/json-limits.js';
import { scenarioSchema, type Scenario } from './scenario-schema.js';
import { toSyntaxProblem } from './yaml-syntax-problem.js';
import { describeIssue, toDisplayPath, type Finding, type Segment } from './scenario-issues.js';
import { setAsideInvalid } from './set-aside-invalid.js';
import { demoCatalogNames, findMeaningProblems } from './scenario-meaning.js';
import type { ScenarioCheckCache } from './scenario-check-cache.js';

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
  /** Files already checked and found good (scenario-check-cache.ts): one of them is not checked again. */
  checked?: ScenarioCheckCache;
}

/**
 * Parses and checks the text of one scenario file; `file` only labels the problems.
 *
 * @example
 *   const result = loadScenarioText(text, 'scenarios/triage.yaml');
 *   if ('problems' in result) for (const problem of result.problems) console.log(formatProblem(problem));
 */
export function loadScenarioText(text: string, file: string, options: ScenarioLoadOptions = {}): ScenarioLoadResult {
  const { checked } = options;
  const knownServers = options.knownServers ?? demoCatalogNames();
  const key = checked?.keyOf(text, knownServers);
  // The same text passed every check with the same code and catalog before: the scenario they gave.
  const known = key === undefined ? undefined : checked!.get(key);
  if (known !== undefined) return { scenario: known };
  const result = checkScenarioText(text, file, knownServers);
  if (key !== undefined && 'scenario' in result) checked!.remember(key, result.scenario);
  return result;
}

/** Every check of one file's text. */
function checkScenarioText(text: string, file: string, knownServers: readonly string[]): ScenarioLoadResult {
  const { LineCounter, parseDocument } = yamlPackage();
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false });
  const toProblem = (offset: number, path: readonly Segment[], message: string): ScenarioProblem => {
    const { line, col } = lineCounter.linePos(offset);
    return { file, line, column: col, path: path.join('.'), message };
  };
  if (document.errors.length > 0) {
    // Only the first: what yaml reports after a syntax error mostly follows from it.
    const { offset, message } = toSyntaxProblem(text, document.errors[0]!);
    return { problems: [toProblem(offset, [], message)] };
  }
  const fromFindings = (findings: readonly Finding[]) => ({
    problems: findings
      .map((finding) => toProblem(locate(document, finding.path, finding.at ?? 'value'), finding.path, finding.message))
      .sort((a, b) => a.line - b.line || a.column - b.column),
  });
  let input: unknown;
  try {
    input = document.toJS({ maxAliasCount: 1000 }) ?? {};
  } catch (error) {
    // toJS recurses: a document that parsed may still nest too deep to convert.
    if (!(error instanceof RangeError)) throw error;
    return { problems: [toProblem(0, [], `file: nests deeper than ${jsonLimits.maxDepth} levels (the limit)`)] };
  }
  // A scenario file is a door like a request body: nothing below may meet data past the JSON policy.
  const breach = findJsonLimitBreach(input);
  if (breach) return { problems: [toProblem(0, [], toBreachMessage(breach, 'file'))] };
  const parsed = scenarioSchema.safeParse(input);
  const lineOf = (path: readonly Segment[]) => lineCounter.linePos(locate(document, path, 'value')).line;
  if (!parsed.success)
    return fromFindings([
      ...parsed.error.issues.flatMap((issue) => describeIssue(issue, input)),
      ...findMeaningProblemsOfRest(input, knownServers, lineOf),
    ]);
  const findings = findMeaningProblems(parsed.data, knownServers, lineOf);
  return findings.length > 0 ? fromFindings(findings) : { scenario: parsed.data };
}

/**
 * The checks beyond the schema, on what the schema accepts of a file it rejects (set-aside-invalid.ts),
 * so one run reports both kinds. When whole items were set aside (a connection missing its id),
 * the steps are not checked: a step calling that connection would only repeat the schema's problem;
 * nor is anything that holds or lies within a part set aside.
 */
function findMeaningProblemsOfRest(
  input: unknown,
  knownServers: readonly string[],
  lineOf: (path: readonly Segment[]) => number,
): Finding[] {
  const rest = setAsideInvalid(input);
  if (!rest) return [];
  return findMeaningProblems(rest.scenario, knownServers, (path) => lineOf(rest.toOriginalPath(path)))
    .map((finding) => {
      const original = rest.toOriginalPath(finding.path);
      const shown = toDisplayPath(finding.path);
      return {
        ...finding,
        path: original,
        message: finding.message.startsWith(shown) ? `${toDisplayPath(original)}${finding.message.slice(shown.length)}` : finding.message,
      };
    })
    .filter(
      (finding) =>
        !(rest.droppedItems && finding.path[0] === 'steps') &&
        // A problem of what holds or lies within a part set aside follows from it (a misspelt mcpURL: "has neither server nor mcpUrl").
        !rest.setAside.some((path) => isWithin(path, finding.path) || isWithin(finding.path, path)),
    );
}

/** Whether `path` is `ancestor` or lies within it. */
function isWithin(path: readonly Segment[], ancestor: readonly Segment[]): boolean {
  return ancestor.length <= path.length && ancestor.every((segment, index) => String(segment) === String(path[index]));
}

/** Reads and checks one scenario file. */
export async function loadScenarioFile(path: string, options: ScenarioLoadOptions = {}): Promise<ScenarioFileResult> {
  return { file: path, ...loadScenarioText(await readFile(path, 'utf8'), path, options) };
}

/** Reads and checks one scenario file, synchronously (for a library call that must fail where it is made). */
export function loadScenarioFileSync(path: string, options: ScenarioLoadOptions = {}): ScenarioFileResult {
  return { file: path, ...loadScenarioText(readFileSync(path, 'utf8'), path, options) };
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
  const { isAlias, isMap, isScalar, isSeq } = yamlPackage();
  let node: unknown = document.contents;
  let offset = startOf(node) ?? 0;
  for (const [index, segment] of path.entries()) {
    if (isAlias(node)) node = node.resolve(document);
    if (isMap(node)) {
      const pair = node.items.find((item) => (isScalar(item.key) ? String(item.key.value) : String(item.key)) === String(segment));
      if (!pair) return offset;
      const keyOffset = startOf(pair.key) ?? offset;
      const isEmpty =
        pair.value === null || (isScalar(pair.value) && pair.value.value === null && pair.value.range?.[0] === pair.value.range?.[1]);
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
