/**
 * The things a mock's description names plainly, as the world it starts from: "Two services,
 * checkout-api and payments." seeds the services `checkout-api` and `payments`; `a project called
 * "Apollo"` seeds one project. Only the server's own entity types are read (its service model),
 * only names given as a list after the type's word or quoted after it, so the world never holds
 * what the description does not say. Without a model the simulator answers from this world; with
 * one, the model sees the same names its description gave. Deterministic: ids in the type's format
 * (id-format.ts), seeded by the type and the count.
 */
import { toDescribedFields, toDescribedId } from './described-fields.js';
import { seedHoldings, seedSold, type Mention } from './described-holdings.js';
import { seedParticiples } from './described-participles.js';
import { seedRuns } from './described-runs.js';
import { seedKinds } from './described-kinds.js';
import { seedLinked } from './described-linked.js';
import { seedMail } from './described-mail.js';
import { seedStages } from './described-stages.js';
import { applyStateSentences } from './described-state-sentences.js';
import { toServerStates } from './server-states.js';
import { toSentences } from './described-sentences.js';
import { toCurlyQuotes } from './single-quoted.js';
import { namesOf } from './described-type-names.js';
import { toParentsNamedBefore } from './described-parent-names.js';
import { isNameKeyed } from './name-keyed-type.js';
import { seedMembers } from './described-members.js';
import { linkAssignees } from './described-assignees.js';
import { linkLabelIds } from './described-labels.js';
import { givePrefixKeys } from './described-prefix-keys.js';
import { linkKeyPrefixParents } from './key-prefix-parents.js';
import { seedShownLists } from './described-sublists.js';
import { toCallerDetails, toCallerType, toDescribedCaller } from './described-caller.js';
import { toCallerFacts } from './caller-fact.js';
import { isKeyIdField, toDescribedKeyField } from './described-keys.js';
import { toDescribedNumber, toDescribedNumberField, toNumberFields } from './described-number.js';
import { toCodeField, toTypedId } from './described-codes.js';
import { toHeadAliases } from './head-aliases.js';
import { toParentKeys } from './parent-keys.js';
import { withAncestorKeys } from './described-ancestors.js';
import { linkSubParents } from './described-subparents.js';
import { toNewId } from './id-format.js';
import { linkLevels, toServerHierarchy } from './hierarchy-levels.js';
import type { WorldState } from '../domain/memory-log.js';
import type { EntityType, ServiceModel } from './read-server.js';
import { asIdOf, linkToParent } from './described-parent-link.js';
import { toPersonNameFields } from './described-person-names.js';

/**
 * The world a description names: the entities of the model's types it lists by name (none when it
 * lists none).
 *
 * @example
 *   toDescribedWorld(readServer(pagerTools), 'Two services, checkout-api and payments.').entities.service;
 *   // { PA1TV92: { id: 'PA1TV92', name: 'checkout-api' }, P7Q0XZ3: { id: 'P7Q0XZ3', name: 'payments' } }
 */
export function toDescribedWorld(
  model: Pick<ServiceModel, 'entityTypes' | 'idSchemasOf' | 'idTraitsOf' | 'tools' | 'shapes'> & { serverNames?: readonly string[] },
  text: string,
  // The scenario's clock: a day the text gives without a year is in its year (described-participles.ts).
  now = '2026-01-01T00:00:00.000Z',
): WorldState {
  const entities: WorldState['entities'] = {};
  // `Deal 'Rooftop solar' for …`: plain single quotes mark a name as curly ones do (single-quoted.ts).
  const sentences = toSentences(toCurlyQuotes(text));
  // The server's types, then the parents they name that no tool keeps (`list` of `create_task(listId)`).
  const types = new Map<string, Pick<EntityType, 'idField' | 'numericId'>>();
  // `item` is a type here only where the server's tools make it one (item-type.ts).
  for (const [type, entityType] of model.entityTypes) if (type !== 'me') types.set(type, entityType);
  for (const entityType of model.entityTypes.values())
    for (const parent of entityType.parents) if (!types.has(parent.type)) types.set(parent.type, { idField: 'id', numericId: false });
  // `get_workspace_hierarchy` "(spaces, folders, lists)": the levels a hierarchy read shows are things a description names too.
  const levels = toServerHierarchy(model.tools);
  for (const level of levels) if (!types.has(level)) types.set(level, { idField: 'id', numericId: false });
  const seeded = new Map<string, Map<string, string>>();
  const mentions = new Map<string, { fields: Record<string, unknown>; where: number[] }[]>();
  // `a milestone "v2.0 launch"` of a server whose type is `version_milestone`: a head noun no other type has names it too.
  const heads = toHeadAliases([...types.keys()]);
  // `People: Maya Okafor (username maya_support), …`: a service's users are the people a description names, where no type is a person.
  if (types.has('user') && !types.has('person')) heads.set('user', 'person');
  const detailsOf = new Map<Record<string, unknown>, string>();
  // `WEB-1 has one comment …`: the key a description wrote before a name stands for that name (type → key → name).
  const keyedNames = new Map<string, Map<string, string>>();
  // `The Meta ad account of …`: the service's own name before a type's word says whose the thing is, not its name.
  const serviceWords = new Set((model.serverNames ?? []).flatMap((name) => name.toLowerCase().split(/[^a-z0-9]+/)).filter(Boolean));
  // `Namespace shop has pods …`: the parent a sentence names before its children (described-parent-names.ts).
  const parentNames = toParentsNamedBefore(
    types.keys(),
    (type) => toParentKeys(model, type).map((keys) => keys.type),
    sentences,
    serviceWords,
  );
  for (const [type, entityType] of types) {
    const names = new Map<string, { details: string | undefined; key: string | undefined; sentences: number[] }>();
    for (const [name, where] of parentNames.get(type) ?? []) names.set(name, { details: undefined, key: undefined, sentences: where });
    sentences.forEach((sentence, index) => {
      const named = namesOf(sentence, type, serviceWords);
      const head = heads.get(type);
      for (const { name, details, key } of named.length > 0 || head === undefined ? named : namesOf(sentence, head, serviceWords)) {
        const known = names.get(name);
        if (known) {
          known.sentences.push(index);
          known.details ??= details;
          known.key ??= key;
        } else names.set(name, { details, key, sentences: [index] });
      }
    });
    // `topic 101 has post 1001`: a number written alone after the word refers to the record written with that number and a name.
    for (const [name, { key }] of names)
      if (key === name && [...names].some(([other, named]) => other !== name && named.key?.replace(/^#/, '') === key)) names.delete(name);
    if (names.size === 0) continue;
    const label = model.idTraitsOf(type).nameField;
    const found: Record<string, Record<string, unknown>> = {};
    const ids = new Map<string, string>();
    // `WEB-1 "Design new landing page"`: a key before the name goes where the tools name the type by a key, else it is the id.
    const keys = [...names.values()].flatMap(({ key }) => key ?? []);
    // `SHOP-12 "…"` of a type whose id is its key (Jira's `key`, which `issueKey` names): the described key is the id itself.
    const keyField =
      keys.length > 0 && !isKeyIdField(type, entityType.idField)
        ? (toDescribedKeyField(model, type) ?? toCodeField(model, type, keys))
        : null;
    // `#1042 "…"` where incidents keep an `incident_number`: the number goes there, the id is the service's (described-number.ts).
    const numberField = toDescribedNumberField(model, type, entityType.idField, names.values());
    // `Support (id 5), Orders (id 2)`: an id written beside a record is that record's, so no record counted before it takes it.
    const written = new Set(
      [...names.values()].flatMap(
        ({ details, key }) => idGiven(details, entityType.idField, type) ?? (numberField ? [] : key?.replace(/^#/, '')) ?? [],
      ),
    );
    for (const [name, { details, key }] of names) {
      const existing = Object.keys(found);
      // `Pixel Tools (id 41)`: the id the description gives; `create_bucket(Bucket)`: the name written to the id field is the id.
      // `topic 101 "…"`, `#42 "Fix login"`: a number written before the name of a type counted by numbers is its id.
      const number = numberField ? toDescribedNumber(key) : undefined;
      const numbered = entityType.numericId && key !== undefined && /^#?\d+$/.test(key) ? key.replace(/^#/, '') : undefined;
      // `#1042 "Checkout 500s spike"` of a type that keeps no number apart: the `#` only marks the number; the id is the number itself.
      const given =
        idGiven(details, entityType.idField, type) ??
        (keyField === null && number === undefined ? (entityType.numericId ? numbered : key?.replace(/^#(?=\d+$)/, '')) : undefined);
      const id =
        given !== undefined
          ? given
          : entityType.numericId
            ? nextFree(existing.length + 1, new Set([...existing, ...written]))
            : label === entityType.idField || isNameKeyed(model, type)
              ? name
              : toNewId({
                  type,
                  existing,
                  numeric: false,
                  field: entityType.idField,
                  ...model.idSchemasOf(type),
                  args: {},
                  seed: `text|${type}`,
                });
      const values = details === undefined ? {} : toDescribedFields(model, type, details, now);
      const keyed = { ...(key !== undefined && keyField !== null ? { [keyField]: key } : {}), ...toNumberFields(numberField, key) };
      // `post 1001`, `INV-0041 for …`: a record known only by its number or code (kept in its key field) has no name to label.
      const labelled = key === name && (/^\d+$/.test(name) || keyField !== null) ? {} : { [label]: name };
      // `Lars Berg` of a customer kept as `firstName`/`lastName` (described-person-names.ts).
      const person = toPersonNameFields(model, type, name);
      found[id] = {
        [entityType.idField]: entityType.numericId && /^\d+$/.test(id) ? Number(id) : id,
        ...labelled,
        ...person,
        ...keyed,
        ...values,
      };
      if (details !== undefined) detailsOf.set(found[id], details);
      ids.set(name, id);
      if (key !== undefined) keyedNames.set(type, (keyedNames.get(type) ?? new Map<string, string>()).set(key, name));
    }
    entities[type] = found;
    seeded.set(type, ids);
    mentions.set(
      type,
      [...names].map(([name, { sentences: where }]) => ({ fields: found[ids.get(name)!]!, where })),
    );
  }
  // `selling a Pro plan subscription`, `Ada has one paid order for the Pro plan`: what the named sell and have (described-holdings.ts).
  const world = { entities, seeded, keyedNames, newId: (type: string) => newIdOf(model, types, entities, type) };
  const more: Mention[] = [
    ...seedSold(model, world, sentences, (type) => model.idTraitsOf(type).nameField),
    ...seedHoldings(model, world, sentences, toServerStates(model.tools).values),
    ...seedParticiples(model, world, sentences, now),
    ...seedRuns(model, world, sentences, now),
    ...seedKinds(model, world, sentences),
    ...seedLinked(model, world, sentences, now),
    ...seedMail(model, world, sentences, now),
    ...seedStages(model, world, sentences, detailsOf),
  ];
  for (const mention of more) mentions.set(mention.type, [...(mentions.get(mention.type) ?? []), mention]);
  for (const [type, named] of mentions)
    for (const { fields, where } of named)
      linkToParent(model, sentences, { where, details: detailsOf.get(fields) }, { seeded, keyedNames }, fields, type);
  // `Billing (id 6, a subcategory of Support)`: a parent of the record's own type (described-subparents.ts).
  linkSubParents(model, sentences, seeded, entities, detailsOf, (type, id) => asIdOf(model, type, id));
  // An item in group "This Sprint" of board "Website Relaunch" is on that board too (described-ancestors.ts).
  withAncestorKeys(model, entities);
  linkLevels(levels, entities);
  applyStateSentences(model, sentences, seeded, entities);
  seedCaller(model, sentences, entities, types);
  // `Teams: Platform (Priya Shah, Leo Brandt)`: the people a record's parenthesis lists are users and its members (described-members.ts).
  seedMembers(model, entities, detailsOf, (type) => newIdOf(model, types, entities, type));
  // `assigned to Jonas Weber`: the person under the type's assignee argument, a user where it takes an id (described-assignees.ts).
  linkAssignees(model, entities, detailsOf, (type) => newIdOf(model, types, entities, type));
  // `ENG-101` with no parent written: the team whose key is ENG (key-prefix-parents.ts).
  linkKeyPrefixParents(model, entities, detailsOf);
  givePrefixKeys(model, entities, detailsOf); // `Checkout (CHK)`: the team's key, which its issues are numbered after
  seedShownLists(model, sentences, entities); // `Each team's workflow states are …`, shown by "teams with their states" (described-sublists.ts)
  // `label Bug` where issue writes take `labelIds`: the ids of the labels the world holds by that name (described-labels.ts).
  linkLabelIds(model, entities, detailsOf);
  // `I am Dana Whitfield` where no type holds the caller: a fact of the world (caller-fact.ts).
  return { entities, facts: toCallerFacts(sentences, model) };
}

/**
 * `The Todoist account of Maya Chen`: the person a current-user read answers (described-caller.ts),
 * first of its type, seeded unless the description already made them; where no tool reads the
 * caller, a fact that names them (what `currentUser()` in a query means). Answers the facts.
 */
function seedCaller(
  model: Pick<ServiceModel, 'idSchemasOf' | 'idTraitsOf' | 'tools' | 'shapes'>,
  sentences: readonly string[],
  entities: WorldState['entities'],
  types: ReadonlyMap<string, Pick<EntityType, 'idField' | 'numericId'>>,
): void {
  const caller = toDescribedCaller(sentences);
  const type = caller === null ? null : toCallerType(model);
  if (caller === null || type === null) return;
  const held = entities[type] ?? {};
  const label = model.idTraitsOf(type).nameField;
  const named = Object.entries(held).find(([, fields]) => fields[label] === caller || fields.name === caller);
  const id = named?.[0] ?? newIdOf(model, types, entities, type);
  // `Marta Kowalska (login marta, marta@example.com)`: the handle and address written beside the name.
  const fields = { ...toCallerDetails(sentences, caller), ...(named?.[1] ?? { [types.get(type)?.idField ?? 'id']: id, [label]: caller }) };
  const rest = Object.fromEntries(Object.entries(held).filter(([other]) => other !== id));
  entities[type] = { [id]: fields, ...rest };
}

/** `(id 41)`, `(sid CH…01)`, `(client 4101)`: the id a record's parenthesis gives it. */
function idGiven(details: string | undefined, idField: string, type: string): string | undefined {
  return toDescribedId(details, idField) ?? toTypedId(details, type);
}

/** The first number from `from` up that is not taken, as an id. */
function nextFree(from: number, taken: ReadonlySet<string>): string {
  let next = from;
  while (taken.has(String(next))) next++;
  return String(next);
}

/** A new id of the type, in its format, after the ones seeded so far. */
function newIdOf(
  model: Pick<ServiceModel, 'idSchemasOf'>,
  types: ReadonlyMap<string, Pick<EntityType, 'idField' | 'numericId'>>,
  entities: WorldState['entities'],
  type: string,
): string {
  const entityType = types.get(type) ?? { idField: 'id', numericId: false };
  const existing = Object.keys(entities[type] ?? {});
  if (entityType.numericId) return nextFree(existing.length + 1, new Set(existing));
  return toNewId({ type, existing, numeric: false, field: entityType.idField, ...model.idSchemasOf(type), args: {}, seed: `text|${type}` });
}
