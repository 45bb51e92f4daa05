import type { CallLogEntry, WorldState } from '../domain/memory-log.js';
import type { ToolCall, ToolCallContext } from './tool-result-source.js';

/**
 * The prompt that asks a model to answer one mock tool call. Layout and reasons: docs/simulator.md.
 *
 * Sizes are counted in characters and reported as tokens estimated as `ceil(chars / 4)` (close to
 * what OpenAI tokenizers give for English and JSON; no tokenizer dependency, and deterministic).
 * The whole text (system + prompt) stays within `budgetTokens` (never below `minimumBudgetTokens`).
 */
export interface PromptOptions {
  budgetTokens: number;
  /** A last word for the model, e.g. why its previous answer was rejected (counted in the budget, capped at 5%). */
  note?: string;
}

export interface BuiltPrompt {
  system: string;
  prompt: string;
  stats: { estimatedTokens: number; historyIncluded: number; historyTotal: number };
}

export const defaultBudgetTokens = 4000;
/** Smaller budgets are raised to this: the instructions and the capped tool description need about that much. */
export const minimumBudgetTokens = 2000;
/** How many of the latest calls are always candidates, whatever they mention. */
export const recentEntryCap = 4;
/** How many older calls that mention this call's arguments may join them. */
export const relatedEntryCap = 6;
/** How many world items that mention the arguments are shown (best first: rare shared values beat common ones like "open"). */
export const relatedWorldCap = 12;
/** How many world entities the call does not mention are shown (newest first), and how many facts it does not mention. */
export const unrelatedEntityCap = 12;
export const unrelatedFactCap = 20;

const entryChars = 800;
const fieldChars = 600;
/** Shares of the budget (in characters) that bound each part, so no part crowds out the others. */
const shares = { serverDescription: 0.05, toolDescription: 0.05, inputSchema: 0.1, outputSchema: 0.1, scenario: 0.15, arguments: 0.1, note: 0.05, world: 0.3, history: 0.3 };

export const estimateTokens = (text: string): number => Math.ceil(text.length / 4);

const system = `You simulate one MCP server for a test environment. You receive the server, the tool, a scenario describing the world the server lives in, the current world state, earlier calls, and one tool call. Answer that call exactly as the real server would.

Rules:
1. Behave like the real server: same kind of data, formats, field names and error texts it would produce, in the scenario's world. Never mention simulation.
2. Stay consistent with the world state and earlier results: reuse their ids, names and values, never contradict them. The world state is the truth; it may omit entities unrelated to this call (their ids are listed as omitted).
3. An id or name the world and earlier calls do not know is unknown: answer with isError true and the error text the real server gives for a missing item, unless the scenario implies that such data exists (then invent it plausibly and record it in changes).
4. Invent realistic data where the world says nothing (no placeholders like "foo" or "example"). New ids must not collide with existing ones.
5. text is what the server returns as text content (often JSON text). When the tool has an outputSchema and the call succeeds, structuredContentJson is the JSON text of an object valid against it and text carries the same data; otherwise structuredContentJson is null.
6. changes lists what this call changes or reveals in the world: upserts (type, id, fieldsJson: JSON text of the entity's fields; a null field removes it) for every entity it creates, modifies or shows for the first time, deletes for entities it removes, and facts as short sentences. Read-only calls that reveal nothing new have empty changes. Failed calls change no entity; they may add a fact (e.g. that an id does not exist).`;

type Call = ToolCall & { context: ToolCallContext };

/**
 * Builds the system text and prompt for one call, within the token budget.
 *
 * @example
 *   const { system, prompt, stats } = buildPrompt(call, { budgetTokens: 4000 });
 *   await generateText({ model, system, prompt, output: Output.object({ schema: modelOutputSchema }) });
 */
export function buildPrompt(call: Call, options: PromptOptions): BuiltPrompt {
  const { context } = call;
  const budgetChars = Math.max(options.budgetTokens, minimumBudgetTokens) * 4;
  const cap = (text: string, share: number) => truncate(text, Math.floor(budgetChars * share));
  const tool = context.toolDefinition;
  const needles = toNeedles(call.arguments);

  const header = [
    `# Server\n${context.serverName} (${call.server})\n${cap(context.serverDescription || '(no description)', shares.serverDescription)}`,
    `# Tool\nname: ${tool.name}\ndescription: ${cap(tool.description ?? '(none)', shares.toolDescription)}\ninputSchema: ${cap(JSON.stringify(tool.inputSchema), shares.inputSchema)}\noutputSchema: ${
      tool.outputSchema ? cap(JSON.stringify(tool.outputSchema), shares.outputSchema) : 'none (structuredContentJson must be null)'
    }`,
    `# Scenario\n${context.scenario ? cap(context.scenario, shares.scenario) : '(none: the server holds realistic, plausible data of its kind)'}`,
  ].join('\n\n');
  const sequence = call.sequence ?? context.history.length + 1;
  const repeat = call.occurrence > 1 ? ` (this same call was made ${call.occurrence - 1} time(s) before)` : '';
  const note = options.note ? `\n\n# Note\n${cap(options.note, shares.note)}` : '';
  const callSection = `# This call\ncall #${sequence}${repeat}: ${tool.name} ${cap(call.argumentsKey, shares.arguments)}${note}`;

  const worldTitle = '# World state\nEntities by type then id, and facts (compact JSON, chosen for this call: what it mentions, then facts, then the newest entities):\n';
  const historyTitle = '# Earlier calls\n';
  const separators = 4 * 2;
  const remaining = budgetChars - system.length - header.length - callSection.length - worldTitle.length - historyTitle.length - separators;
  const world = renderWorld(context.world, needles, clamp(Math.min(budgetChars * shares.world, remaining * 0.6)));
  const history = renderHistory(context.history, needles, clamp(Math.min(budgetChars * shares.history, remaining - world.length)));

  const prompt = [header, worldTitle + world, historyTitle + history.text, callSection].join('\n\n');
  return {
    system,
    prompt,
    stats: { estimatedTokens: estimateTokens(system + prompt), historyIncluded: history.included, historyTotal: context.history.length },
  };
}

const clamp = (chars: number) => Math.max(0, Math.floor(chars));

function truncate(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const marker = '…[truncated]';
  return text.slice(0, Math.max(0, maxChars - marker.length)) + marker;
}

/** A value of the arguments that may identify something: string and number leaves, as text. */
interface Needle {
  text: string;
  pattern: RegExp;
  /** The needle's word tokens: a text can only mention it when it has all of them. */
  tokens: string[];
  /** A single word token: then having the token is the whole match (no regex needed). */
  isWord: boolean;
}

const toTokens = (text: string) => text.split(/[^A-Za-z0-9_]+/).filter((token) => token !== '');

function toNeedles(args: Record<string, unknown>): Needle[] {
  const texts = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string' && value.trim() !== '' && value.length <= 200) texts.add(value.trim());
    else if (typeof value === 'number' && Number.isFinite(value)) texts.add(String(value));
    else if (Array.isArray(value)) value.forEach(visit);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(visit);
  };
  visit(args);
  // A needle matches a whole token: "4" is in "issue 4 closed" but not in "42".
  return [...texts].sort().map((text) => {
    const tokens = toTokens(text);
    return { text, pattern: new RegExp(`(^|[^A-Za-z0-9_])${escapeRegExp(text)}($|[^A-Za-z0-9_])`), tokens, isWord: tokens.length === 1 && tokens[0] === text };
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Which needles a text or a set of leaf values mentions (`includes` first: most texts mention no needle). */
function matches(needles: readonly Needle[], leaves: ReadonlySet<string>, text: string): Needle[] {
  return needles.filter((needle) => leaves.has(needle.text) || (text.includes(needle.text) && needle.pattern.test(text)));
}

/**
 * What the prompt needs of a log entry or a world entity, worked out once: both are immutable
 * once made (the memory store appends entries and replaces changed entities), so a call at #500
 * does not re-render the 499 before it.
 */
const entryFacts = new WeakMap<CallLogEntry, { leaves: Set<string>; text: string; tokens: Set<string>; rendered?: string }>();
const noMatches: Needle[] = [];
const entityFacts = new WeakMap<Record<string, unknown>, { value: Record<string, unknown>; json: string; leaves: Set<string> }>();

function factsOfEntry(entry: CallLogEntry) {
  let facts = entryFacts.get(entry);
  if (!facts) {
    const text = `${entry.argumentsKey} ${resultText(entry)}`;
    entryFacts.set(entry, (facts = { leaves: leavesOf(entry.arguments), text, tokens: new Set(toTokens(text)) }));
  }
  return facts;
}

function renderedEntry(entry: CallLogEntry): string {
  const facts = factsOfEntry(entry);
  return (facts.rendered ??= renderEntry(entry));
}

function factsOfEntity(fields: Record<string, unknown>) {
  let facts = entityFacts.get(fields);
  if (!facts) {
    const value = capFields(fields);
    entityFacts.set(fields, (facts = { value, json: JSON.stringify(value), leaves: leavesOf(value) }));
  }
  return facts;
}

function leavesOf(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') into.add(value.trim());
  else if (typeof value === 'number') into.add(String(value));
  else if (Array.isArray(value)) value.forEach((item) => leavesOf(item, into));
  else if (value !== null && typeof value === 'object') Object.values(value).forEach((item) => leavesOf(item, into));
  return into;
}

/**
 * Scores each candidate by the needles it mentions, weighting each needle by 1 / (how many
 * candidates mention it): a rare id counts more than a common value like "open" or 10.
 */
function scoreByRarity(found: Needle[][]): number[] {
  const frequency = new Map<string, number>();
  for (const list of found) for (const needle of list) frequency.set(needle.text, (frequency.get(needle.text) ?? 0) + 1);
  return found.map((list) => {
    let score = 0;
    for (const needle of list) score += 1 / frequency.get(needle.text)!;
    return score;
  });
}

interface WorldItem {
  kind: 'entity' | 'fact';
  type: string;
  id: string;
  value: unknown;
  json: string;
  score: number;
  /** 0 for the newest of its type (last in the world's order), 1 for the one before... : unrelated entities of all types take turns. */
  age: number;
  order: number;
  /** The entity's fields as stored (the cache key of its rendering); absent for facts. */
  fields?: Record<string, unknown>;
}

/** The world as compact JSON: related entities, then facts, then other entities newest first, until the budget; the rest listed as omitted. */
function renderWorld(world: WorldState, needles: readonly Needle[], budget: number): string {
  const items: WorldItem[] = [];
  for (const [type, byId] of Object.entries(world.entities)) {
    const entries = Object.entries(byId);
    entries.forEach(([id, fields], index) => {
      const { value, json } = factsOfEntity(fields);
      items.push({ kind: 'entity', type, id, value, json, score: 0, age: entries.length - 1 - index, order: items.length, fields });
    });
  }
  world.facts.forEach((fact, index) =>
    items.push({ kind: 'fact', type: '', id: String(index), value: fact, json: JSON.stringify(fact), score: 0, age: world.facts.length - 1 - index, order: items.length }),
  );
  const noLeaves = new Set<string>();
  const scores = scoreByRarity(
    items.map((item) => {
      if (!item.fields) return matches(needles, noLeaves, item.json);
      const { leaves } = factsOfEntity(item.fields);
      let found: Needle[] | null = null;
      for (const needle of needles) if (leaves.has(needle.text) || needle.text === item.id) (found ??= []).push(needle);
      return found ?? noMatches;
    }),
  );
  items.forEach((item, index) => {
    // An entity whose id is an argument is what the call is about.
    item.score = scores[index]! + (item.kind === 'entity' && needles.some((needle) => needle.text === item.id) ? 10 : 0);
  });
  const rank = (item: WorldItem) => (item.score > 0 ? 0 : item.kind === 'fact' ? 1 : 2);

  const chosen = new Set<WorldItem>();
  let used = '{"entities":{},"facts":[]}'.length;
  const reserve = Math.min(400, Math.floor(budget / 4));
  // Fixed caps besides the budget: a bigger budget must not make the prompt grow with the world.
  const left = [relatedWorldCap, unrelatedFactCap, unrelatedEntityCap];
  for (const item of inPromptOrder(items)) {
    if (left[0]! <= 0 && left[1]! <= 0 && left[2]! <= 0) break;
    const cost = item.json.length + item.type.length + item.id.length + 8;
    if (used + cost > budget - reserve || left[rank(item)]! <= 0) continue;
    left[rank(item)]! -= 1;
    chosen.add(item);
    used += cost;
  }
  const entities: Record<string, Record<string, unknown>> = {};
  for (const item of items) if (item.kind === 'entity' && chosen.has(item)) (entities[item.type] ??= {})[item.id] = item.value;
  const facts = items.filter((item) => item.kind === 'fact' && chosen.has(item)).map((item) => item.value);
  const json = JSON.stringify({ entities, facts });
  const omitted = items.filter((item) => !chosen.has(item));
  if (omitted.length === 0) return json;
  return truncate(`${json}\n${describeOmitted(omitted)}`, budget);
}

/**
 * World items best first: those the call mentions (highest score, then newest), then facts
 * newest first, then entities newest first with the types taking turns. Lazy, and without
 * sorting the whole world: only the few mentioned items are sorted.
 */
function* inPromptOrder(items: readonly WorldItem[]): Generator<WorldItem> {
  yield* items.filter((item) => item.score > 0).sort((a, b) => b.score - a.score || a.age - b.age || a.order - b.order);
  const facts = items.filter((item) => item.kind === 'fact');
  for (let index = facts.length - 1; index >= 0; index--) if (facts[index]!.score === 0) yield facts[index]!;
  const byType = new Map<string, WorldItem[]>();
  for (const item of items) if (item.kind === 'entity') (byType.get(item.type) ?? byType.set(item.type, []).get(item.type)!).push(item);
  const longest = Math.max(0, ...[...byType.values()].map((list) => list.length));
  for (let age = 0; age < longest; age++) {
    for (const list of byType.values()) {
      const item = list[list.length - 1 - age];
      if (item && item.score === 0) yield item;
    }
  }
}

function capFields(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, typeof value === 'string' ? truncate(value, fieldChars) : value]));
}

function describeOmitted(omitted: readonly WorldItem[]): string {
  const byType = new Map<string, string[]>();
  for (const item of omitted) if (item.kind === 'entity') (byType.get(item.type) ?? byType.set(item.type, []).get(item.type)!).push(item.id);
  // The first ids show the scheme, the last ones the newest (what a create needs to pick the next id).
  const listed = (ids: string[]) => (ids.length <= 24 ? ids.join(', ') : `${ids.slice(0, 4).join(', ')}, …, ${ids.slice(-20).join(', ')}`);
  const parts = [...byType].map(([type, ids]) => `${ids.length} ${type} (ids ${listed(ids)})`);
  const facts = omitted.filter((item) => item.kind === 'fact').length;
  if (facts > 0) parts.push(`${facts} older facts`);
  return `Omitted as unrelated to this call (they exist): ${parts.join('; ')}`;
}

/** Entries that say nothing about the real server's behaviour: the simulator's own failures. */
const ignoredSources = new Set(['simulator-error', 'fixture-miss', 'none']);

/** The latest calls and the older ones that mention the arguments (rarest matches first, then newest), shown oldest first. */
function renderHistory(history: readonly CallLogEntry[], needles: readonly Needle[], budget: number): { text: string; included: number } {
  const usable = history.filter((entry) => !ignoredSources.has(entry.source));
  if (usable.length === 0) return { text: truncate(history.length === 0 ? '(none: this is the first call)' : '(none usable)', budget), included: 0 };
  const recent = usable.slice(-recentEntryCap).reverse();
  const older = usable.slice(0, -recentEntryCap);
  // Matched against arguments and result only: "#3" and the time of a call are no mention of 3.
  const found = older.map((entry) => {
    const { leaves, text, tokens } = factsOfEntry(entry);
    let found: Needle[] | null = null;
    for (const needle of needles) {
      const mentioned =
        leaves.has(needle.text) || (needle.tokens.length > 0 && needle.tokens.every((token) => tokens.has(token)) && (needle.isWord || needle.pattern.test(text)));
      if (mentioned) (found ??= []).push(needle);
    }
    return found ?? noMatches;
  });
  const scores = scoreByRarity(found);
  // The best few (highest score, then newest), kept while scanning: no sort of the whole log.
  const best: { entry: CallLogEntry; score: number }[] = [];
  const before = (a: { entry: CallLogEntry; score: number }, b: { entry: CallLogEntry; score: number }) =>
    a.score > b.score || (a.score === b.score && a.entry.sequence > b.entry.sequence);
  older.forEach((entry, index) => {
    const candidate = { entry, score: scores[index]! };
    if (candidate.score <= 0 || (best.length === relatedEntryCap && !before(candidate, best.at(-1)!))) return;
    let at = best.length;
    while (at > 0 && before(candidate, best[at - 1]!)) at--;
    best.splice(at, 0, candidate);
    if (best.length > relatedEntryCap) best.pop();
  });
  const related = best.map(({ entry }) => entry);

  const chosen: CallLogEntry[] = [];
  const intro = (count: number) => `${count} of ${history.length} earlier calls (the latest, and older ones mentioning this call's arguments), oldest first:\n`;
  let used = intro(history.length).length;
  for (const entry of [...recent, ...related]) {
    const cost = renderedEntry(entry).length + 1;
    if (used + cost > budget) continue;
    chosen.push(entry);
    used += cost;
  }
  chosen.sort((a, b) => a.sequence - b.sequence);
  const lines = chosen.map(renderedEntry);
  return { text: truncate(intro(chosen.length) + lines.join('\n'), budget), included: chosen.length };
}

function renderEntry(entry: CallLogEntry): string {
  const status = entry.result.isError ? 'error' : 'ok';
  return truncate(`#${entry.sequence} ${entry.at} ${entry.tool} ${entry.argumentsKey} -> ${status}: ${resultText(entry).replace(/\s*\n\s*/g, ' ')}`, entryChars);
}

/** The text a client saw (structuredContent when the text is empty); only the first part of a long result matters here. */
function resultText(entry: CallLogEntry): string {
  const texts = entry.result.content.map((item) => {
    const part = item as { type?: string; text?: string };
    return part.type === 'text' && typeof part.text === 'string' ? part.text : `[${part.type ?? 'content'}]`;
  });
  let body = texts.join('\n');
  if (body.trim() === '' && entry.result.structuredContent) body = JSON.stringify(entry.result.structuredContent);
  return body.slice(0, entryChars);
}
