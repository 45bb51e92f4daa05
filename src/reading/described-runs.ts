/**
 * Runs a description counts of a named thing: `Order sync ran three times on 2026-05-03: two
 * executions succeeded and one failed with a timeout at 02:10` seeds three records of the type
 * that keeps the workflow's runs (a child type of the named thing's type whose noun is a run,
 * run-nouns.ts), under the workflow, started on that day (at
 * the time a clause gives), two in the state the service names for a success and one in the state
 * it names for a failure (`success`, `error` where its tools list `success, error, waiting, or
 * canceled`; the verb's own word where they list none). `Refund alerts ran once on 2026-05-02 and
 * succeeded` is one run, and an outcome given with no count is every run's. Only a thing the
 * description already named, and only a run type its tools keep under it, are read. Pure: ids come
 * from the caller's `newId`.
 */
import { findNamed, linkHolder, type Mention, type SeededWorld } from './described-holdings.js';
import { toDateTime } from './described-participles.js';
import { describedStateList } from './described-state-words.js';
import { toWords } from './entity-words.js';
import { runNouns } from './run-nouns.js';
import { inServerStyle } from './server-style.js';
import { toServerStates } from './server-states.js';
import type { ServiceModel } from './read-server.js';
import { toNormalName } from '../domain/world-query.js';

type Model = Pick<ServiceModel, 'entityTypes' | 'tools' | 'shapes'>;

const counts: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
/** At most this many runs of one thing a sentence counts. */
const countLimit = 10;
/** How a run ended, by the verb a person writes, with the states services spell it as (first the service names wins). */
const outcomes: { verb: RegExp; states: string[] }[] = [
  {
    verb: /^(?:succeeded|passed|completed|finished|worked)$/i,
    states: ['success', 'succeeded', 'successful', 'completed', 'passed', 'done'],
  },
  { verb: /^(?:failed|errored|crashed)$/i, states: ['error', 'failed', 'failure', 'errored', 'crashed'] },
  { verb: /^(?:timed out)$/i, states: ['timeout', 'timed_out', 'error', 'failed'] },
  { verb: /^(?:cancell?ed|aborted)$/i, states: ['canceled', 'cancelled', 'aborted'] },
];

/**
 * The runs the sentences count of the things they named, seeded.
 *
 * @example
 *   seedRuns(model, world, ['Order sync ran twice on 2026-05-03: one succeeded and one failed.'], now);
 *   // two workflow_execution records { workflowId, startedAt: '2026-05-03T09:00:00Z', status: 'success' | 'error' }
 */
export function seedRuns(model: Model, world: SeededWorld, sentences: readonly string[], now: string): Mention[] {
  const mentions: Mention[] = [];
  sentences.forEach((sentence, index) => {
    const match =
      /^\s*(?<who>.+?)\s+(?:ran|was run|were run|was executed|executed|was triggered|fired)\s+(?:(?<word>once|twice)|(?<count>\w+)\s+times)\b(?<rest>.*)$/i.exec(
        sentence,
      );
    const owner = match ? findNamed(world, match.groups!.who!) : null;
    const type = owner === null ? undefined : runType(model, owner.type);
    if (!match || owner === null || type === undefined) return;
    const { word, count, rest } = match.groups as { word?: string; count?: string; rest: string };
    const total = word !== undefined ? (word.toLowerCase() === 'once' ? 1 : 2) : (counts[count!.toLowerCase()] ?? Number(count));
    if (!Number.isInteger(total) || total < 1) return;
    // `on 2026-05-03: two … and one …`, `on 2026-05-02 and succeeded`: the day, then how the runs ended.
    const dated = /^\s*on\s+(.+?)(?=\s*[:,;]|\s+and\b|\s*[.!]?\s*$)/i.exec(rest);
    const day = dated?.[1] ?? '';
    const ended = rest.slice(dated?.[0].length ?? 0).replace(/^\s*(?::|,|and\b)\s*/i, '');
    const states = knownStates(model, type);
    const field = model.entityTypes.get(type)?.state?.field ?? stateArgument(model, type) ?? 'status';
    const started = inServerStyle(model.tools, ['started', 'at']);
    const runs = toOutcomes(ended, Math.min(total, countLimit));
    for (const { verb, tail } of runs) {
      const fields: Record<string, unknown> = { [model.entityTypes.get(type)?.idField ?? 'id']: world.newId(type) };
      linkHolder(model, world, fields, type, owner);
      const at = day === '' ? undefined : toDateTime(/\bat\s+\d/.test(tail) ? `${day} ${tail}` : day, now);
      if (at !== undefined) fields[started] = at;
      if (verb !== undefined) fields[field] = stateOf(verb, states);
      const id = String(fields[model.entityTypes.get(type)?.idField ?? 'id']);
      (world.entities[type] ??= {})[id] = fields;
      world.seeded.set(type, (world.seeded.get(type) ?? new Map<string, string>()).set(id, id));
      mentions.push({ type, fields, where: [index] });
    }
  });
  return mentions;
}

/** The type that keeps runs of `parent`: a child type whose last word is a run's noun. */
function runType(model: Model, parent: string): string | undefined {
  const children = [...model.entityTypes].filter(([, entityType]) => entityType.parents.some((candidate) => candidate.type === parent));
  for (const noun of runNouns) {
    const found = children.find(([type]) => toWords(type).at(-1) === noun);
    if (found) return found[0];
  }
  return undefined;
}

/**
 * `two executions succeeded and one failed with a timeout at 02:10`: one outcome per run, in order
 * (a run the text gives no outcome has none); an outcome with no count is every run's.
 */
function toOutcomes(text: string, total: number): { verb: string | undefined; tail: string }[] {
  const runs: { verb: string | undefined; tail: string }[] = [];
  for (const clause of text.split(
    /\s*,\s*(?:and\s+)?|\s+and\s+(?=(?:\w+\s+){0,2}(?:was\s+|were\s+)?(?:succeeded|passed|completed|finished|worked|failed|errored|crashed|timed out|cancell?ed|aborted)\b)/i,
  )) {
    const found =
      /^\s*(?:(?<count>\w+)\s+(?:(?:of them|\w+)\s+)?)?(?:was\s+|were\s+)?(?<verb>succeeded|passed|completed|finished|worked|failed|errored|crashed|timed out|cancell?ed|aborted)\b(?<tail>.*)$/i.exec(
        clause,
      );
    if (!found) continue;
    const { count, verb, tail } = found.groups as { count?: string; verb: string; tail: string };
    const many = count === undefined ? total - runs.length : (counts[count.toLowerCase()] ?? (/^\d+$/.test(count) ? Number(count) : 1));
    for (let made = 0; made < many && runs.length < total; made++) runs.push({ verb, tail });
  }
  while (runs.length < total) runs.push({ verb: undefined, tail: '' });
  return runs;
}

/** The states the service names for the type: its own, those a state argument of its tools lists, and any its schemas name. */
function knownStates(model: Model, type: string): string[] {
  const listed = model.tools.flatMap((tool) =>
    model.shapes.get(tool.name)?.entity !== type
      ? []
      : Object.entries((tool.inputSchema.properties ?? {}) as Record<string, { description?: unknown }>)
          .filter(([name]) => ['status', 'state'].includes(toNormalName(name)))
          .flatMap(([, schema]) => describedStateList(typeof schema.description === 'string' ? schema.description : undefined)),
  );
  return [...(model.entityTypes.get(type)?.state?.values ?? []), ...listed, ...toServerStates(model.tools).values];
}

/** The name of the state argument a tool of the type takes (`status`), where one does. */
function stateArgument(model: Model, type: string): string | undefined {
  for (const tool of model.tools)
    if (model.shapes.get(tool.name)?.entity === type)
      for (const name of Object.keys(tool.inputSchema.properties ?? {})) if (['status', 'state'].includes(toNormalName(name))) return name;
  return undefined;
}

/** The state a verb of outcome names, as the service spells it, else the verb's own word. */
function stateOf(verb: string, states: readonly string[]): string {
  const candidates = outcomes.find((outcome) => outcome.verb.test(verb))?.states ?? [];
  for (const candidate of candidates) {
    const spelled = states.find((state) => toNormalName(state) === toNormalName(candidate));
    if (spelled !== undefined) return spelled;
  }
  return verb.toLowerCase().replace(/\s+/g, '_');
}
