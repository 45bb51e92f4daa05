/**
 * The checks of a step's `expect`, on one CallToolResult. Pure: the tool definition (for
 * `matchesOutputSchema`) is fetched by the caller, and the plain-language `check` is judged by the
 * caller's model; here it is `skipped` until a judgement replaces it (see run-steps.ts).
 */
import { isDeepStrictEqual } from 'node:util';
import { findJsonPathProblem } from '../domain/json-path.js';
import { createSchemaCompiler, describeSchemaError } from '../domain/json-schema.js';
import { jsonPathPackage } from '../domain/lazy-packages.js';
import type { Expectation } from './scenario-schema.js';

/** The parts of an MCP CallToolResult the checks read. */
export interface CallToolResultLike {
  content?: Array<{ type: string; text?: string; [key: string]: unknown }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
}

/** A tool as `GET /connect/{ns}/{id}/.tools/{tool}` describes it. */
export interface ToolLike {
  name: string;
  outputSchema?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface CheckResult {
  /** e.g. `isError`, `contains`, `jsonPath $.issues[0].state`, `matchesOutputSchema`, `check`. */
  name: string;
  pass: boolean | 'skipped';
  message: string;
}

/** Where a tool definition came from: the definition, or why it could not be read. */
export type ToolLookup = ToolLike | { error: string };

/**
 * Checks every expectation of a step on its result, in the order of the format: isError,
 * contains (one check per text), equals, jsonPath (one per path), matchesOutputSchema, check.
 * `matchesOutputSchema: false` asks for nothing.
 *
 * @example
 *   checkExpectation({ contains: 'open', jsonPath: { '$.count': 2 } }, result);
 *   // [{ name: 'contains', pass: true, message: 'text contains "open"' }, { name: 'jsonPath $.count', pass: false, message: '$.count: expected 2, got 3' }]
 */
export function checkExpectation(expect: Expectation, result: CallToolResultLike, tool?: ToolLookup): CheckResult[] {
  const checks: CheckResult[] = [];
  const text = toResultText(result);
  if (expect.isError !== undefined) {
    const actual = result.isError === true;
    checks.push({
      name: 'isError',
      pass: actual === expect.isError,
      message:
        actual === expect.isError
          ? `isError is ${actual}`
          : `expected isError ${expect.isError}, got ${actual}${actual ? `: ${preview(text)}` : ''}`,
    });
  }
  if (expect.contains !== undefined) {
    for (const needle of typeof expect.contains === 'string' ? [expect.contains] : expect.contains) {
      const pass = text.includes(needle);
      checks.push({
        name: 'contains',
        pass,
        message: pass
          ? `text contains ${JSON.stringify(needle)}`
          : `expected the text to contain ${JSON.stringify(needle)}; text: ${preview(text)}`,
      });
    }
  }
  if (expect.equals !== undefined) {
    const pass = text === expect.equals;
    checks.push({
      name: 'equals',
      pass,
      message: pass ? 'text equals the expected text' : `expected the text ${preview(expect.equals)}, got ${preview(text)}`,
    });
  }
  if (expect.jsonPath !== undefined) checks.push(...checkJsonPaths(expect.jsonPath, result, text));
  if (expect.matchesOutputSchema === true) checks.push(checkOutputSchema(result, tool));
  if (expect.check !== undefined)
    checks.push({ name: 'check', pass: 'skipped', message: `${JSON.stringify(expect.check)}: skipped, no model configured` });
  return checks;
}

/** The text contents of a result, joined with newlines. */
export function toResultText(result: CallToolResultLike): string {
  return (result.content ?? [])
    .filter((part) => part.type === 'text' && typeof part.text === 'string')
    .map((part) => part.text)
    .join('\n');
}

function checkJsonPaths(paths: Record<string, unknown>, result: CallToolResultLike, text: string): CheckResult[] {
  let document: unknown = result.structuredContent;
  if (document === undefined) {
    try {
      document = JSON.parse(text) as unknown;
    } catch {
      const message = `the result has no structuredContent and its text is not JSON: ${preview(text)}`;
      return Object.keys(paths).map((path) => ({ name: `jsonPath ${path}`, pass: false, message }));
    }
  }
  return Object.entries(paths).map(([path, expected]) => {
    const name = `jsonPath ${path}`;
    // jsonpath-plus reads malformed paths leniently (and may match something), so the syntax is checked first.
    const problem = findJsonPathProblem(path);
    if (problem) return { name, pass: false, message: `not a valid JSONPath: ${problem.message}` };
    let matches: unknown[];
    try {
      matches = jsonPathPackage().JSONPath({ path, json: document as object, wrap: true }) as unknown[];
    } catch (error) {
      return { name, pass: false, message: `not a valid JSONPath (${error instanceof Error ? error.message : String(error)})` };
    }
    if (matches.length === 0) return { name, pass: false, message: `expected ${show(expected)}, got nothing (the path matches no value)` };
    // One match compares as the value itself; several (a wildcard) compare as the list of values.
    const actual = matches.length === 1 ? matches[0] : matches;
    const pass = isDeepStrictEqual(actual, expected) || isDeepStrictEqual(matches, expected);
    return { name, pass, message: pass ? `is ${show(expected)}` : `expected ${show(expected)}, got ${show(actual)}` };
  });
}

/** Every problem of a result is reported, not only the first. */
const schemas = createSchemaCompiler({ allErrors: true });

function checkOutputSchema(result: CallToolResultLike, tool: ToolLookup | undefined): CheckResult {
  const name = 'matchesOutputSchema';
  if (tool === undefined) return { name, pass: false, message: 'the tool definition was not available' };
  if ('error' in tool) return { name, pass: false, message: `cannot read the tool: ${tool.error}` };
  if (!tool.outputSchema) return { name, pass: false, message: `tool ${tool.name} has no outputSchema to match` };
  if (result.structuredContent === undefined)
    return { name, pass: false, message: `the result has no structuredContent (tool ${tool.name} declares an outputSchema)` };
  const compiled = schemas.compile(tool.outputSchema);
  if (!compiled.ok) return { name, pass: false, message: `the outputSchema of ${tool.name} does not compile: ${compiled.problem}` };
  const { validate } = compiled;
  if (validate(result.structuredContent))
    return { name, pass: true, message: `structuredContent matches the outputSchema of ${tool.name}` };
  const problems = (validate.errors ?? []).slice(0, 5).map((error) => describeSchemaError(error, 'structuredContent'));
  return {
    name,
    pass: false,
    message: `structuredContent does not match the outputSchema of ${tool.name}: ${problems.join('; ') || 'invalid'}`,
  };
}

function show(value: unknown): string {
  if (value === undefined) return 'undefined';
  const text = JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 197)}...` : text;
}

function preview(text: string): string {
  return JSON.stringify(text.length > 200 ? `${text.slice(0, 197)}...` : text);
}
