/**
 * Reference data: what a real instance ships with and no tool of its server makes (SonarQube's
 * rules, languages, metrics, quality gates). A scenario author seeds what the test is about and not
 * the service's catalogues, so a type that no tool of the server creates and that the world does
 * not hold is reference data: a list answers a small plausible set, a read by key invents that
 * entity; both are made once and remembered (with a fact that marks the type, so later reads by
 * other keys are invented too). A type the world holds, seeded or created, or one a tool creates,
 * keeps the strict rules: an unknown id is a not-found. A type whose last record was deleted is
 * still held (world-state.ts keeps it, empty): the service had it, so nothing is made up again.
 */
import { writesType } from '../../reading/tool-shape.js';
import { toPlural, toWords } from '../../reading/entity-words.js';
import { toNormalName } from '../../domain/world-query.js';
import { toStringValue } from './field-value.js';
import { isPersonEntity } from './field-kind.js';
import { toMissingKeyFields } from './entity-key-fields.js';
import { withFake } from '../../domain/fake-data.js';
import type { WorldChanges, WorldState } from '../../domain/memory-log.js';
import { toCreatedId } from './entity-ids.js';
import { typedId } from './world-views.js';
import { askedFields } from './asked-fields.js';
import { searchedName } from './searched-name.js';
import { toReferenceParents } from './reference-parents.js';
import type { AnswerInput } from './world-conventions.js';

/** How many entities a list of reference data starts with, when the type has no catalogue below. */
const referenceSetSize = 3;

const workflowStates = ['Backlog', 'Todo', 'In Progress', 'In Review', 'Done', 'Canceled'];
/**
 * The fixed lists every instance of a tracker, a pipeline or a palette ships with, by the type's
 * words: a client picks a transition or a colour from them by name, so they are the names people
 * use, not made-up ones. A new project in any tracker starts with states, so these types are
 * reference data even on a server with a tool that creates more.
 */
const catalogues: Record<string, string[]> = {
  state: workflowStates,
  status: workflowStates,
  workflow_state: workflowStates,
  workflow_status: workflowStates,
  // A transition is named for the state it leads to.
  transition: workflowStates,
  stage: ['Lead', 'Qualified', 'Proposal', 'Negotiation', 'Won', 'Lost'],
  interview_stage: ['Lead', 'Application Review', 'Phone Screen', 'Onsite', 'Offer', 'Hired'],
  priority: ['Urgent', 'High', 'Medium', 'Low', 'None'],
  color: ['red', 'orange', 'yellow', 'green', 'blue', 'purple', 'gray'],
  colour: ['red', 'orange', 'yellow', 'green', 'blue', 'purple', 'gray'],
};
/** A workflow shows the states it moves through. */
const workflowTypes = new Set(['workflow']);

/** The fact that marks a type as reference data the simulator made up. */
export function toReferenceFact(type: string): string {
  return `reference data: ${type}`;
}

/**
 * Whether the call's entity type is reference data: no tool of the server creates it, and the world
 * holds none of it (or holds only what this rule made up).
 *
 * @example
 *   isReferenceType(input); // true for show_rule on SonarQube with no rule seeded
 */
export function isReferenceType(input: AnswerInput): boolean {
  const type = input.shape.entity;
  // `item` is the reader's word for a tool that names no noun, unless the tools name items themselves (Rollbar's `list-items`).
  if (type === 'item' && !namesItems(input)) return false;
  const fixed = Object.hasOwn(catalogues, type) || workflowTypes.has(type);
  if (fixed) return !Object.hasOwn(input.world.entities, type) || input.world.facts.includes(toReferenceFact(type));
  if (writesType(input.shapes, type)) return false;
  return !Object.hasOwn(input.world.entities, type) || input.world.facts.includes(toReferenceFact(type));
}

/** Whether a tool of the server is named for items (`list-items`, `get-item-details`), so `item` is its noun. */
function namesItems(input: Pick<AnswerInput, 'serverTools'>): boolean {
  return input.serverTools.some((tool) => toWords(tool.name).some((word) => word === 'item' || word === 'items'));
}

/**
 * Changes that mark the type and, for a first list of it, add a small plausible set; with the
 * world those changes make. Null when the type is not reference data or was filled already.
 */
export function toReferenceSet(input: AnswerInput): { world: WorldState; changes: WorldChanges } | null {
  const type = input.shape.entity;
  if (!isReferenceType(input) || Object.hasOwn(input.world.entities, type)) return null;
  const upserts: NonNullable<WorldChanges['upserts']> = [];
  const entities: Record<string, Record<string, unknown>> = {};
  // The names the world's entities already give it (`tags: ['distributed-systems']` on a bookmark) are
  // the ones the service has; a fixed catalogue stays whole, and only a type named nowhere is made up.
  const inUse = Object.hasOwn(catalogues, type)
    ? null
    : namesInUse(input.world, type, Object.keys(input.tool.inputSchema.properties ?? {}));
  const catalogue = Object.hasOwn(catalogues, type) ? catalogues[type]! : (inUse?.map((used) => used.name) ?? null);
  for (let index = 0; index < (catalogue?.length ?? referenceSetSize); index++) {
    const existing = Object.keys(entities).map((id) => ({ id, fields: entities[id]! }));
    const id = toCreatedId({ ...input, args: {} }, existing);
    const label = labelField(input, type);
    const names = new Set(Object.values(entities).map((fields) => fields[label]));
    // `search_emails(mailbox: 'INBOX', subjectQuery)`: the set fits what it was found by (asked-fields.ts), and a
    // search's first holds the name asked for (`geocoding(name: 'Kiel')`, searched-name.ts).
    const asked = askedFields(input, index);
    let name = (index === 0 ? searchedName(input, asked, label) : undefined) ?? catalogue?.[index] ?? referenceName(input, id, label);
    for (let attempt = 1; names.has(name) && attempt < 5; attempt++) name = referenceName(input, `${id}|${attempt}`, label);
    const fields: Record<string, unknown> = {
      // `list_variants(productId)`: made up in the product asked for, or the one the world holds (reference-parents.ts).
      ...toReferenceParents(input),
      ...asked,
      ...inUse?.[index]?.where,
      [input.shape.idField]: typedId(id, input.shape),
      [label]: name,
    };
    // Every other key of the type, in its format: Rollbar's items carry the `id` update-item takes beside their counter.
    Object.assign(
      fields,
      toMissingKeyFields(
        { ...input, args: {} },
        fields,
        Object.entries(entities).map(([key, made]) => ({ id: key, fields: made })),
        type,
      ),
    );
    if (workflowTypes.has(type)) fields.states = workflowStates.map((state, position) => ({ id: position + 1, name: state }));
    // A person a list shows (`get-customers`) has the email a lookup by email (`get-customer-by-identifier`) finds them by.
    if (isPersonEntity(type) && fields.email === undefined) fields.email = emailOf(input, name);
    entities[id] = fields;
    upserts.push({ type, id, fields });
  }
  const facts = [toReferenceFact(type)];
  return {
    world: { ...input.world, entities: { ...input.world.entities, [type]: entities }, facts: [...input.world.facts, ...facts] },
    changes: { upserts, facts },
  };
}

/** Most names in use a first list of reference data shows: it stays bounded whatever the world holds. */
const namesInUseLimit = 100;

/** A name an entity gives the type, with where that entity is (the values of fields the list takes). */
export interface NameInUse {
  name: string;
  where: Record<string, unknown>;
}

/**
 * The names entities of other types give the type in a field named for it (`tags`, `tag`,
 * `projectName`, `file_names`), or by the id of a thing of that kind (`gpu: {id}` for `gpu_type`),
 * in the order met, each with the entity's values of the `scope` fields (a list's arguments: `list_project_files(projectName)` lists a file where it was written);
 * null when none does.
 *
 * @example
 *   namesInUse(world, 'tag', []); // [{ name: 'distributed-systems', where: {} }] for a bookmark with tags: ['distributed-systems']
 */
export function namesInUse(world: WorldState, type: string, scope: readonly string[]): NameInUse[] | null {
  const normal = toNormalName(type);
  const fieldNames = new Set([normal, toNormalName(toPlural(type)), `${normal}name`, `${normal}names`]);
  const scoped = new Set(scope.map(toNormalName).filter((name) => !fieldNames.has(name)));
  // `gpu_type`: the kinds of a thing; a pod's `gpu: {id: 'NVIDIA A100 80GB', count: 1}` names one by its id.
  const kindHead = /_(?:type|kind)$/.test(type) ? toNormalName(type.replace(/_(?:type|kind)$/, '')) : null;
  const found = new Map<string, NameInUse>();
  for (const [other, byId] of Object.entries(world.entities)) {
    if (other === type) continue;
    for (const fields of Object.values(byId)) {
      const where = Object.fromEntries(Object.entries(fields).filter(([name]) => scoped.has(toNormalName(name))));
      for (const [name, value] of Object.entries(fields)) {
        const kind = kindHead !== null && toNormalName(name) === kindHead ? kindId(value) : undefined;
        if (!fieldNames.has(toNormalName(name)) && kind === undefined) continue;
        for (const used of kind !== undefined ? [kind] : Array.isArray(value) ? value : [value])
          if (typeof used === 'string' && used.trim() !== '' && found.size < namesInUseLimit && !found.has(used))
            found.set(used, { name: used, where });
      }
    }
  }
  return found.size > 0 ? [...found.values()] : null;
}

/** The id an object field holds (`{id: 'NVIDIA A100 80GB', count: 1}`), or undefined. */
function kindId(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const id = (value as Record<string, unknown>).id;
  return typeof id === 'string' ? id : undefined;
}

/** The changes of an answer with the reference mark added once. */
export function withReferenceMark<T extends { changes?: WorldChanges }>(answer: T, input: AnswerInput): T {
  const fact = toReferenceFact(input.shape.entity);
  if (input.world.facts.includes(fact)) return answer;
  const changes = answer.changes ?? {};
  return { ...answer, changes: { ...changes, facts: [...(changes.facts ?? []), fact] } };
}

/** A person's email made from their name (`Angie Grimes` → `angie.grimes@example.com`), the same every run. */
function emailOf(input: AnswerInput, name: string): string {
  const [firstName, ...rest] = name
    .replace(/[^\p{L}\s'-]/gu, '')
    .trim()
    .split(/\s+/);
  const lastName = rest.join(' ');
  return withFake(`${input.seed}|email|${name}`, (faker) =>
    faker.internet.email({ firstName: firstName || 'user', ...(lastName ? { lastName } : {}), provider: 'example.com' }).toLowerCase(),
  );
}

function referenceName(input: AnswerInput, id: string, field: string): string {
  return toStringValue(
    { type: 'string' },
    { name: field, entity: input.shape.entity, seed: `${input.seed}|${input.shape.entity}|${id}`, now: input.now },
  );
}

/**
 * The field that says what one of them is: the service model's name field of the type
 * (reading/name-field.ts: a known service's own, a title where the tools name it so, a commit's
 * message, else a name), as `mcpsim explain` shows it.
 */
function labelField(input: AnswerInput, type: string): string {
  return input.model.idTraitsOf(type).nameField;
}
