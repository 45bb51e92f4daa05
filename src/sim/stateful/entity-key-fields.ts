/**
 * Every key of a new entity, made up or created (issue 36): the service model names a type's id field
 * and its other keys (reading/entity-keys.ts), and an entity that lacks one gets it in its format, so a
 * read, update or delete by any of them finds it (`findByOtherKey`). Rollbar's items a list makes up
 * carry the `id` that `update-item(itemId)` takes beside the `counter` `get-item-details` reads; a
 * created GitLab issue gets its per-project `iid`, a Jira issue its `OPS-3` key, a collection its handle.
 */
import type { EntityKeys, KeyFormat } from '../../reading/entity-keys.js';
import { knownIdPattern } from '../../reading/service-id-formats.js';
import { toNewId } from '../../reading/id-format.js';
import { fieldValue, valuesMatch, type EntityRecord } from '../../domain/world-query.js';
import { scopeArguments, type AnswerInput } from './world-conventions.js';

/** The keys of the call's type, from the call's service model (read with its corrections). */
export function keysOfType(input: Pick<AnswerInput, 'model' | 'serverTools' | 'shape'>, type = input.shape.entity): EntityKeys {
  return input.model.keysOf(type);
}

/**
 * The key fields `fields` lacks, each in its format: the type's id field (where the call's own field
 * is another key) and every other key. `existing` are the type's entities so far: a counter counts
 * up from theirs among those under the same parent, an id is none of theirs.
 *
 * @example
 *   toMissingKeyFields(input, { counter: 1, title: 'Crash' }, []); // { id: 238101 } where update-item(itemId: integer)
 */
export function toMissingKeyFields(
  input: AnswerInput,
  fields: Readonly<Record<string, unknown>>,
  existing: readonly EntityRecord[],
  type = input.shape.entity,
): Record<string, unknown> {
  const keys = keysOfType(input, type);
  // A type named one way keeps the id its call gave it, unless that key is made from its name or place
  // (`get_user(username)` beside a list of users by id): only a type with other keys lacks an id it is named by.
  const own = keys.keys.length > 0 || keys.idFormat !== 'id' ? [{ field: keys.idField, format: keys.idFormat }] : [];
  const wanted: { field: string; format: KeyFormat }[] = [...own, ...keys.keys];
  const added: Record<string, unknown> = {};
  for (const { field, format } of wanted) {
    if (fieldValue(fields, field) !== undefined) continue;
    const value = toKeyValue(input, { type, field, format }, { ...fields, ...added }, existing);
    if (value !== undefined) added[field] = value;
  }
  return added;
}

/**
 * A create whose service assigns the id, read as keeping it in another key of its type (`create_issue`
 * beside `get_issue(issue_iid)`), keeps it in the type's id field instead: the record is the global
 * id, and the other key is filled in its format (per project) by `toMissingKeyFields`.
 *
 * @example
 *   withTypeIdField(createIssue).shape.idField; // 'id' where delete_issue(issue_id) and get_issue(issue_iid)
 */
export function withTypeIdField(input: AnswerInput): AnswerInput {
  const { shape } = input;
  if (shape.idArgument !== null) return input;
  const keys = keysOfType(input);
  if (keys.idField === shape.idField || !keys.keys.some((key) => key.field === shape.idField)) return input;
  const numericId = [...input.shapes.values()].some(
    (other) => other.entity === shape.entity && other.idField === keys.idField && other.numericId,
  );
  return { ...input, shape: { ...shape, idField: keys.idField, numericId } };
}

/**
 * The entity one of its other keys names (`get-item-details(counter: 3)` where the call's field is
 * the id, or the other way round), in the call's scope (`project_id`: two projects each have issue
 * iid 1), or undefined; an unknown key stays not-found.
 */
export function findByOtherKey(input: AnswerInput, entities: readonly EntityRecord[], value: string): EntityRecord | undefined {
  const keys = keysOfType(input);
  if (keys.keys.length === 0) return undefined;
  const fields = [input.shape.idField, keys.idField, ...keys.keys.map((key) => key.field)];
  const scope = [...scopeArguments(input)].filter((name) => input.args[name] !== undefined);
  const inScope = (entity: EntityRecord): boolean =>
    scope.every((name) => entity.fields[name] === undefined || valuesMatch(entity.fields[name], input.args[name]));
  for (const field of new Set(fields)) {
    const found = entities.find((entity) => valuesMatch(fieldValue(entity.fields, field), value) && inScope(entity));
    if (found) return found;
  }
  return undefined;
}

/** Whether the call names its entity by another key than the type's id (`get_issue(issue_iid)`): the record's own id is then no match. */
export function namesOtherKey(input: AnswerInput): boolean {
  return keysOfType(input).keys.some((key) => key.field === input.shape.idField);
}

function toKeyValue(
  input: AnswerInput,
  key: { type: string; field: string; format: KeyFormat },
  fields: Readonly<Record<string, unknown>>,
  existing: readonly EntityRecord[],
): unknown {
  const name = [fields.name, fields.title, fields.summary].find((value): value is string => typeof value === 'string');
  switch (key.format) {
    case 'counter':
      return nextCount(
        existing.filter((entity) => sameParent(input, key.type, entity.fields, fields)).map((entity) => entity.fields[key.field]),
      );
    case 'project_key': {
      const project = projectKeyOf(fields, input.args) ?? projectKeyOf(existing.at(-1)?.fields ?? {}, {}) ?? 'PROJ';
      const counts = existing
        .map((entity) => entity.fields[key.field])
        .map((value) => (typeof value === 'string' && value.startsWith(`${project}-`) ? value.slice(project.length + 1) : undefined));
      return `${project}-${nextCount(counts)}`;
    }
    case 'slug':
      return name === undefined ? undefined : toSlug(name, '-');
    case 'username':
      return name === undefined ? undefined : toSlug(name, '.');
    case 'id': {
      const numeric = [...input.shapes.values()].some(
        (shape) => shape.entity === key.type && shape.idField === key.field && shape.numericId,
      );
      const taken = existing
        .map((entity) => entity.fields[key.field])
        .filter((value) => value !== undefined)
        .map(String);
      // Another key than the type's id is the service's usual id (`*`): GitLab's global issue id, not an iid.
      const own = keysOfType(input, key.type).idField === key.field;
      const service = knownIdPattern(input.model.serverNames ?? [], own ? key.type : '*');
      const id = toNewId({
        type: key.type,
        existing: taken,
        numeric,
        patterns: numeric && service === null ? [globalNumber] : [],
        descriptions: [],
        service,
        args: {},
        seed: `${input.seed}|${key.type}|${key.field}|${existing.length}`,
        field: key.field,
      });
      return numeric && /^\d+$/.test(id) ? Number(id) : id;
    }
  }
}

/** A global number id beside a per-parent count (Rollbar's item id beside its counter): nine digits, never one a counter takes. */
const globalNumber = '^[1-9][0-9]{8}$';

/** One more than the largest whole number among `values` (1 when none is). */
function nextCount(values: readonly unknown[]): number {
  const numbers = values.map(Number).filter((value) => Number.isInteger(value) && value > 0);
  return numbers.length > 0 ? Math.max(...numbers) + 1 : 1;
}

/** Whether `other` sits under the same parents as `fields`: the arguments that say where the call's entity lives (`project_id`) and its type's parents. */
function sameParent(
  input: AnswerInput,
  type: string,
  other: Readonly<Record<string, unknown>>,
  fields: Readonly<Record<string, unknown>>,
): boolean {
  const parents = input.model.entityTypes.get(type)?.parents ?? [];
  const where = new Set([...(type === input.shape.entity ? scopeArguments(input) : []), ...parents.map((parent) => parent.argument)]);
  return [...where].every((name) => fields[name] === undefined || other[name] === undefined || valuesMatch(other[name], fields[name]));
}

/** `OPS` from `project: 'OPS'`, `projectKey: 'OPS'` or a key `OPS-12`. */
function projectKeyOf(fields: Readonly<Record<string, unknown>>, args: Readonly<Record<string, unknown>>): string | null {
  for (const [name, value] of Object.entries({ ...fields, ...args })) {
    if (typeof value !== 'string') continue;
    if (/project/i.test(name) && /^[A-Z][A-Z0-9_]{0,9}$/.test(value)) return value;
    const keyed = /^([A-Z][A-Z0-9_]*)-\d+$/.exec(value);
    if (keyed && /key|identifier/i.test(name)) return keyed[1]!;
  }
  return null;
}

/** `Summer Sale 2026` → `summer-sale-2026` (with `-`), `Angie Grimes` → `angie.grimes` (with `.`). */
function toSlug(name: string, separator: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return words.length > 0 ? words.join(separator) : 'item';
}
