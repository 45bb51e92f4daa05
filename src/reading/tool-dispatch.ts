/**
 * Tools that pick their operation by an argument (`method: get | update | delete`,
 * `applications(operation, id)`): each value that reads as a verb is a choice with its own
 * shape, read by the caller's own shape reader (tool-operation.ts), passed in so the two files
 * do not import each other.
 *
 * Pure: no I/O.
 */
import type { ToolDefinition } from '../domain/registry.js';
import type { Properties } from './tool-id-argument.js';
import { dropOtherEntity, parseToolName, type ParsedName } from './tool-name.js';
import { nounLikeVerbs, toVerbMeaning } from './tool-verbs.js';
import { choiceText } from './choice-text.js';
import { glossedChoice } from './choice-gloss.js';
import { isGestureVerb } from './gesture-verbs.js';
import { withoutActNoun } from './dispatch-act-noun.js';
import { bracketedChoiceText, choicePhrase, withoutQuantityWords } from './choice-phrase.js';
import type { ToolShape } from './tool-shape.js';

/** Arguments whose value picks what a tool does per call (`method`, `action`). */
export const dispatchArguments: readonly string[] = ['method', 'action', 'operation', 'op', 'mode'];

/** What a choice's shape is read from. */
export interface ChoiceInput {
  readonly tool: ToolDefinition;
  readonly parsed: ParsedName;
  readonly entities: ReadonlySet<string>;
  readonly withDispatch: false;
}

/** `method: get | get_comments | update`: each value that reads as a verb is a choice with its own shape. */
export function findDispatch(
  tool: ToolDefinition,
  shape: ToolShape,
  properties: Properties,
  required: ReadonlySet<string>,
  entities: ReadonlySet<string>,
  toChoice: (input: ChoiceInput) => ToolShape,
): ToolShape['dispatch'] {
  for (const argument of dispatchArguments) {
    const values = properties[argument]?.enum;
    if (!Array.isArray(values)) continue;
    const choices: Record<string, ToolShape> = {};
    const glosses: Record<string, ToolShape> = {};
    // `envDomainManagement(action: create | delete)`: each choice acts on what the name's words before the act name (dispatch-act-noun.ts).
    const acted = actedEntity(tool, shape, argument, strings(values));
    for (const value of values) {
      if (typeof value !== 'string') continue;
      // `my (get work items …)`: a value with no verb of its own reads its options list's bracket (choice-phrase.ts).
      const named = choiceName(tool, properties[argument]?.description, value);
      // `action: build_failed | marked`: a verb that is a noun as often (`build`) names what happened, not what to do.
      const unread = !named.meaning || (named.verb !== null && nounLikeVerbs.has(named.verb));
      // `bootstrap (create workspace and initialize)`: a value that is no verb is read from the words its description glosses it with;
      // one that names a type the server keeps (`jira_search(action: issues | projects)`) picks the type, not the operation.
      // A gesture (`switch (toggle …)`) is already an act on the screen, whatever its gloss says (gesture-verbs.ts).
      const glossed = unread && !entities.has(named.entityWords.join('_')) && !isGestureVerb(value);
      const gloss = glossed
        ? glossedChoice(`${tool.description ?? ''}\n${properties[argument]?.description ?? ''}`, value, strings(values))
        : null;
      // "wiql (execute an ad-hoc WIQL query)": a gloss that only runs something says too little of what it changes (as choiceName).
      const parsed = !unread ? named : gloss?.meaning?.operation === 'other' ? null : gloss;
      if (!parsed) continue;
      // `get_batch`, `list_mine`: words of how many or whose name no kind of thing (choice-phrase.ts).
      const own = withoutQuantityWords(parsed.entityWords, entities);
      // `list_work_items` beside a tool `work`: a whole name the server keeps as a type is that type, not its last word.
      const picked = own.length === 0 ? ['item'] : entities.has(own.join('_')) ? own : dropOtherEntity(own, entities);
      const entityWords = picked.join('_') === 'item' ? (acted ?? shape.entity).split('_') : picked;
      const choice = toChoice({ tool: { ...tool, annotations: {} }, parsed: { ...parsed, entityWords }, entities, withDispatch: false });
      (unread ? glosses : choices)[value] = withDescribedDelete(
        { ...choice, basis: shape.basis },
        choiceText(tool.description, value, strings(values)),
      );
    }
    const operations = new Set(Object.values(choices).map((choice) => choice.operation));
    if (Object.keys(choices).length >= 2 && (operations.size >= 2 || required.has(argument))) {
      // Glossed choices complete what the verbs pick; values mostly glossed (`projects (list all)`) name views, not acts.
      Object.assign(choices, glosses);
      if (acted !== null) withActedEntity(shape, choices, argument, acted);
      return { argument, choices };
    }
  }
  return null;
}

/**
 * How a choice's value reads as a name: its own words, else (`my`, with no verb) the verb of viewing
 * and nouns the options list's text about it opens with ("my (get work items relevant to the authenticated user)").
 */
function choiceName(tool: ToolDefinition, described: unknown, value: string): ParsedName {
  const parsed = parseToolName(value, null);
  if (parsed.meaning) return parsed;
  const text =
    bracketedChoiceText(typeof described === 'string' ? described : undefined, value) ?? bracketedChoiceText(tool.description, value);
  const phrase = text === null ? null : choicePhrase(text);
  const read = phrase === null ? null : parseToolName(phrase, null);
  // Only a view is read from the text: "execute an ad-hoc WIQL query" says too little of what a write would change.
  return read !== null && (read.meaning?.operation === 'read' || read.meaning?.operation === 'list') ? read : parsed;
}

function strings(values: readonly unknown[]): string[] {
  return values.filter((value): value is string => typeof value === 'string');
}

/**
 * "`terminate` — permanently delete the pod": a choice whose own description opens (after an adverb) with a verb that deletes
 * is a delete of what the tool acts on, whatever state its value's verb would set.
 */
function withDescribedDelete(choice: ToolShape, said: string | null): ToolShape {
  const verb = /^(?:[a-z]+ly\s+)?([a-z]+)/i.exec(said ?? '')?.[1]?.toLowerCase();
  if (verb === undefined || choice.operation === 'delete' || toVerbMeaning(verb)?.operation !== 'delete') return choice;
  return { ...choice, operation: 'delete', sets: {}, strict: true };
}

/**
 * The entity a dispatching tool's choices act on where its name's last word names the acting
 * (`pod-action`, `envDomainManagement`, `manage_entity_lifecycle`): the words before it, or null.
 * A name whose entity is that word alone (`lifecycle`, its `entity` dropped as another tool's type)
 * is read from the name's own words.
 */
function actedEntity(tool: ToolDefinition, shape: ToolShape, argument: string, values: readonly string[]): string | null {
  const acted = withoutActNoun(shape.entity, argument, values);
  if (acted !== null || shape.entity.includes('_')) return acted;
  const named = parseToolName(tool.name, null).entityWords.join('_');
  return named.endsWith(`_${shape.entity}`) ? withoutActNoun(named, argument, values) : null;
}

/**
 * `pod-action(id, action: start | stop)`, `user_operation(operation)`: a name that ends in the act of
 * choosing names no kind of thing: the tool and each choice act on what the words before it name
 * (a pod), by the id its choices agree on (`withAgreedId`, run after). The shape and its choices are
 * changed in place, as the caller's shape is still being made.
 */
function withActedEntity(shape: ToolShape, choices: Record<string, ToolShape>, argument: string, entity: string): void {
  for (const [value, choice] of Object.entries(choices)) if (choice.entity === shape.entity) choices[value] = { ...choice, entity };
  const act = shape.entity.split('_').at(-1);
  shape.entity = entity;
  shape.entityWhy = `the words "${entity}" of the name; "${act}" after them names the acting the argument "${argument}" picks`;
  shape.idArgument = null;
}

/**
 * `search(query, filter_object_type: page | database)`: a search or list with no noun of its own
 * whose argument picks among the server's types searches the type it is given; each type it
 * offers is a choice, the first one when none is given.
 *
 * @example
 *   findTypeChoice(searchShape, properties, new Set(['page', 'database'])); // { argument: 'filter_object_type', choices: { page: …, database: … } }
 */
export function findTypeChoice(shape: ToolShape, properties: Properties, entities: ReadonlySet<string>): ToolShape['dispatch'] {
  if ((shape.operation !== 'search' && shape.operation !== 'list') || shape.entity !== 'item') return null;
  for (const [argument, schema] of Object.entries(properties)) {
    const values = Array.isArray(schema.enum) ? schema.enum.filter((value): value is string => typeof value === 'string') : [];
    const types = values.filter((value) => entities.has(value));
    if (types.length < 2 || types.length !== values.length) continue;
    return { argument, choices: Object.fromEntries(types.map((type) => [type, { ...shape, entity: type }])) };
  }
  return null;
}

/**
 * `applications(operation, id, env_id)`: the one entity a dispatching tool acts on is named by the
 * argument most of its choices that name one take (`get`, `update`, `delete`, `start` take `id`;
 * only the `*_env` choices take `env_id`), so a call whose choice is not read still names it.
 */
export function withAgreedId(shape: ToolShape, choices: Readonly<Record<string, ToolShape>>, properties: Properties): void {
  const counts = new Map<string, number>();
  for (const choice of Object.values(choices))
    if (choice.idArgument !== null && choice.entity === shape.entity)
      counts.set(choice.idArgument, (counts.get(choice.idArgument) ?? 0) + 1);
  const [best, second] = [...counts].sort((left, right) => right[1] - left[1]);
  if (best === undefined || (second !== undefined && second[1] === best[1])) return;
  const agreed = Object.values(choices).find((choice) => choice.idArgument === best[0])!;
  shape.idArgument = best[0];
  shape.idField = agreed.idField;
  shape.numericId = properties[best[0]]?.type === 'integer' || properties[best[0]]?.type === 'number';
}
