/**
 * The checks of an agent-style walk (the `WalkStep`s of bench/public-servers.ts and of the labelled
 * corpus, bench/corpus/): each step's answer against what it must show (ok, not-found, fields, a
 * saved id held or no longer held), and whether its values are plausible (ids that every argument
 * taking them accepts, no word salad, dates, emails and URLs that are what their field names say,
 * outputSchema-valid). Shared by `measurePublicServer` (public-walks.ts) and the corpus
 * measurement (corpus/measure.ts), so both count alike.
 */
import { toFieldKind, type FieldKind } from '../src/sim/stateful/field-kind.js';
import { createSchemaCompiler, describeSchemaError } from '../src/domain/json-schema.js';
import type { ToolDefinition } from '../src/domain/registry.js';
import type { WalkStep } from './public-servers.js';

export interface Answer {
  isError: boolean;
  text: string;
  value: unknown;
}

export type CallTool = (tool: string, args: Record<string, unknown>) => Promise<Answer>;

/** Checks counted and held, and one line per check that did not hold. */
export interface WalkFigures {
  walkChecks: number;
  walkHeld: number;
  valueChecks: number;
  valuesHeld: number;
  failures: string[];
}

const compiler = createSchemaCompiler();

/**
 * Takes the walk's steps through `callTool` (a fresh mock connection), in order, and counts.
 * `where` names the walk's home in an error about a tool it does not know.
 *
 * @example
 *   const figures = await runWalk(tools, walk, (tool, args) => callOverRest(tool, args), 'bench/public-servers.ts: @acme/ci');
 */
export async function runWalk(
  tools: readonly ToolDefinition[],
  walk: readonly WalkStep[],
  callTool: CallTool,
  where: string,
): Promise<WalkFigures> {
  const failures: string[] = [];
  const saved: Record<string, unknown> = {};
  const given = new Set<string>();
  const walked = { checks: 0, held: 0 };
  const values = { checks: 0, held: 0 };
  const count = (tally: { checks: number; held: number }, pass: boolean, what: string) => {
    tally.checks++;
    if (pass) tally.held++;
    else failures.push(what);
  };
  for (const [index, step] of walk.entries()) {
    const tool = tools.find((candidate) => candidate.name === step.tool);
    if (!tool) throw new Error(`${where} has no tool "${step.tool}"`);
    const args = substitute(step.args, saved);
    collectStrings(args, given);
    const label = `step ${index + 1} ${step.tool}`;
    const answer = await callTool(step.tool, args);
    const brief = answer.text.slice(0, 160);
    if (step.expect.ok) count(walked, !answer.isError, `${label}: answers an error (${brief})`);
    if (step.expect.notFound)
      count(
        walked,
        answer.isError && /not found|no such|does not exist|unknown/i.test(answer.text),
        `${label}: not a not-found (${brief})`,
      );
    for (const [field, value] of Object.entries(substitute(step.expect.shows ?? {}, saved)))
      count(
        walked,
        findField(answer.value, field).some((found) => sameValue(found, value)),
        `${label}: does not show ${field} = ${JSON.stringify(value)} (${brief})`,
      );
    if (step.expect.holds !== undefined) {
      const wanted = substitute(step.expect.holds, saved);
      count(walked, !answer.isError && holds(answer.value, wanted), `${label}: does not hold ${JSON.stringify(wanted)} (${brief})`);
    }
    if (step.expect.lacks !== undefined) {
      const unwanted = substitute(step.expect.lacks, saved);
      count(walked, !answer.isError && !holds(answer.value, unwanted), `${label}: still holds ${JSON.stringify(unwanted)} (${brief})`);
    }
    if (step.save) {
      const id = step.save.from.map((field) => findField(answer.value, field)[0]).find((value) => value !== undefined && value !== null);
      count(walked, id !== undefined, `${label}: shows no id (${step.save.from.join(', ')}) (${brief})`);
      if (id !== undefined) {
        saved[step.save.as] = id;
        const problems = idProblems(tools, walk, step.save.as, id);
        count(values, problems.length === 0, `${label}: id ${JSON.stringify(id)} ${problems.join('; ')}`);
      }
    }
    if (!answer.isError) {
      const problems = answerProblems(tool, answer, given);
      count(values, problems.length === 0, `${label}: ${problems.join('; ')}`);
    }
  }
  return { walkChecks: walked.checks, walkHeld: walked.held, valueChecks: values.checks, valuesHeld: values.held, failures };
}

/**
 * What is implausible in an answer that is not an error: made-up values that are not what their
 * field says (strings the caller gave are never blamed), and a value its outputSchema refuses.
 *
 * @example
 *   answerProblems(tool, { isError: false, text, value: { created_at: 'amber willow' } }, new Set()); // ['created_at = "amber willow" is word salad']
 */
export function answerProblems(tool: ToolDefinition, answer: Answer, given: ReadonlySet<string>): string[] {
  const problems = valueProblems(answer.value, given);
  if (tool.outputSchema && answer.value && typeof answer.value === 'object') {
    const compiled = compiler.compile(tool.outputSchema);
    if (compiled.ok && !compiled.validate(answer.value))
      problems.push(`not outputSchema-valid: ${describeSchemaError(compiled.validate.errors?.[0], 'result')}`);
  }
  return problems;
}

/** Every argument of the walk that takes a saved value must accept it (type, pattern, format). */
function idProblems(tools: readonly ToolDefinition[], walk: readonly WalkStep[], name: string, id: unknown): string[] {
  const problems: string[] = [];
  for (const step of walk) {
    for (const [argument, value] of Object.entries(step.args)) {
      if (value !== `$${name}`) continue;
      const tool = tools.find((candidate) => candidate.name === step.tool)!;
      const schema = (tool.inputSchema.properties as Record<string, Record<string, unknown>> | undefined)?.[argument];
      const compiled = schema ? compiler.compile(schema) : null;
      if (compiled?.ok && !compiled.validate(id))
        problems.push(`is refused by ${step.tool}.${argument} (${describeSchemaError(compiled.validate.errors?.[0], argument)})`);
      const shape = toIdShape(argument, typeof schema?.description === 'string' ? schema.description : '');
      if (shape && !shape.test(String(id))) problems.push(`is not in the format ${step.tool}.${argument} names (${shape.source})`);
    }
  }
  return [...new Set(problems)];
}

/**
 * The format an id argument's name or description states: a slug, a UUID, or an example in its
 * description (`in the format '1234567890.123456'`, `e.g. 'cus_204'`) with digits and letters as classes
 * (a prefix such as `cus_` kept as it is).
 */
function toIdShape(argument: string, description: string): RegExp | null {
  if (/(^|_)slug$|Slug$/.test(argument)) return /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
  if (/(^|_)uuid$|Uuid$/.test(argument)) return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const example = /(?:e\.g\.|for example|format|such as)[\s:]*['"`]([A-Za-z0-9_.:/-]{3,})['"`]/i.exec(description)?.[1];
  if (!example) return null;
  const pattern = example.replace(
    /(\d+)|([A-Za-z]+)|(.)/g,
    (_match, digits: string | undefined, letters: string | undefined, other: string) =>
      digits ? '\\d+' : letters ? '[A-Za-z]+' : other.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'),
  );
  // A prefix before the first separator (`cus_`, `OPS-`) is the service's own and stays literal.
  const prefix = /^[A-Za-z]+[_-](?=\d)/.exec(example)?.[0];
  return new RegExp(`^${prefix ? `${prefix}${pattern.slice(pattern.indexOf(prefix.at(-1)!) + 1)}` : pattern}$`);
}

/** Kinds of field that hold a name or an id (a database, a slug, a branch), never words with spaces. */
const namedByIdentifier = new Set<FieldKind>(['identifier', 'id', 'slug', 'branch', 'username', 'domain', 'uuid', 'sha']);

/**
 * Made-up values that are not what their field says: two random lowercase words, a sentence in a
 * field that holds a name or an id (`database`, `slug`), or a date, email or URL field that is none.
 */
function valueProblems(value: unknown, given: ReadonlySet<string>, key = '', problems: string[] = []): string[] {
  if (typeof value === 'string') {
    if (given.has(value)) return problems;
    if (/^[a-z]+ [a-z]+$/.test(value)) problems.push(`${key} = "${value}" is word salad`);
    else if (/\s/.test(value) && namedByIdentifier.has(toFieldKind({ name: key }, { type: 'string' })))
      problems.push(`${key} = "${value.slice(0, 40)}" is a sentence where a name belongs`);
    else if (
      /(^|_)(at|date|time|timestamp)$|[a-z](At|Date|Time)$|^(created|updated|modified|timestamp)$/.test(key) &&
      Number.isNaN(Date.parse(value))
    )
      problems.push(`${key} = "${value}" is no date`);
    else if (/(^|_)email$|Email$/.test(key) && !value.includes('@')) problems.push(`${key} = "${value}" is no email`);
    else if (/(^|_)(url|uri|href)$|Url$/.test(key) && !/^(https?:\/\/|git@)/.test(value)) problems.push(`${key} = "${value}" is no URL`);
    return problems;
  }
  if (Array.isArray(value)) for (const item of value) valueProblems(item, given, key, problems);
  else if (value !== null && typeof value === 'object')
    for (const [name, item] of Object.entries(value as Record<string, unknown>)) valueProblems(item, given, name, problems);
  return problems;
}

function substitute<Value>(value: Value, saved: Record<string, unknown>): Value {
  if (typeof value === 'string' && value.startsWith('$') && value.slice(1) in saved) return saved[value.slice(1)] as Value;
  if (Array.isArray(value)) return value.map((item) => substitute(item, saved)) as Value;
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, substitute(item, saved)])) as Value;
  return value;
}

export function collectStrings(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) for (const item of value) collectStrings(item, into);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) collectStrings(item, into);
}

/** Every value of a field of this name, at any depth. */
export function findField(value: unknown, field: string, found: unknown[] = []): unknown[] {
  if (Array.isArray(value)) for (const item of value) findField(item, field, found);
  else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (field in record) found.push(record[field]);
    for (const item of Object.values(record)) if (item !== null && typeof item === 'object') findField(item, field, found);
  }
  return found;
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || (a !== null && b !== null && typeof a !== 'object' && String(a) === String(b));
}

/** Whether a list answer shows the value as an item's id, name, key or text (or the value is an item of a list it carries). */
function holds(value: unknown, wanted: unknown): boolean {
  if (Array.isArray(value)) return value.some((item) => sameValue(item, wanted) || holds(item, wanted));
  if (value !== null && typeof value === 'object')
    return Object.values(value as Record<string, unknown>).some((item) => sameValue(item, wanted) || holds(item, wanted));
  return false;
}
