/**
 * A filter argument written in a service's filter language of `field:value` terms: Discourse's
 * TopicsFilter (`filter: "tags:shipping created-after:2026-03-01"`), Datadog's host filter
 * (`filter: "env:prod"`). It filters as a query made of such terms does (qualifier-query.ts), and a
 * term named for a bound on a date (`created-after:2026-03-01`, `updated-before:…`) is that window,
 * as an argument of that name would be (`created_after`); a term on a record the entities refer to
 * by id (`category:support` where topics hold `category_id`) keeps those whose reference is the
 * record of that name: its value under the field the service model says names a record of the type
 * (reading/name-field.ts, `named by` in explain), or under one of the type's other keys or unique
 * fields (a slug, a handle), so the term finds the record as a read by that key would; a term whose
 * value is a lifecycle word the records keep as a flag (`status:closed`, `in:pinned`) is that flag, read
 * as the description's `(closed)` is (reading/described-flag-words.ts). A filter value that is not made of such terms is left to the other
 * readings of a filter (structured, SQL, free text).
 */
import type { WorldState } from '../../domain/memory-log.js';
import type { ServiceModel } from '../../reading/read-server.js';
import { entitiesOf, fieldValue, toNormalName } from '../../domain/world-query.js';
import { toSingular, toWords } from '../../reading/entity-words.js';
import { toQualifierConditions } from '../../reading/qualifier-query.js';
import { toConditions, type Condition } from '../../reading/world-filter.js';
import { toDescribedFlag } from '../../reading/described-flag-words.js';

/** One `field:value` term whose value is a date (`created-after:2026-03-01`). */
const dateTerm = /(?:^|\s)([A-Za-z_][\w.-]*):(\d{4}-\d{2}-\d{2}\S*)(?=\s|$)/g;
/** One `field:value` term (`category:support`). */
const anyTerm = /(?:^|\s)([A-Za-z_][\w-]*):([^\s"']+)(?=\s|$)/g;

/**
 * The conditions of the call's filter-named string arguments made of `field:value` terms, or an
 * empty list when none is.
 *
 * @example
 *   toFilterTermConditions({ filter: 'tags:shipping created-after:2026-03-01' }, known, input);
 *   // [{ field: 'created', operator: 'gt', value: '2026-03-01' }, { field: 'tags', operator: 'contains', value: 'shipping' }]
 */
export function toFilterTermConditions(
  args: Readonly<Record<string, unknown>>,
  known: { has(name: string): boolean },
  input: { world: WorldState; model: ServiceModel },
): Condition[] {
  const conditions: Condition[] = [];
  for (const [name, value] of Object.entries(args)) {
    if (typeof value !== 'string' || !toWords(name).some((word) => word === 'filter' || word === 'filters')) continue;
    const windows: Condition[] = [];
    // `created-after:2026-03-01`: the window the term's name says, taken out of the rest.
    const rest = value.replace(dateTerm, (term, field: string, date: string) => {
      const range = toConditions(field, date);
      if (range === null) return term;
      windows.push(...range);
      return ' ';
    });
    // `category:support` where the entities hold `category_id`: the ids of the categories so named.
    const unreferenced = rest.replace(anyTerm, (term, field: string, text: string) => {
      // `status:closed`, `in:pinned` where the records keep the word as a flag: that flag (reading/described-flag-words.ts).
      const reference = known.has(field) ? null : (toReferenceCondition(field, text, known, input) ?? toFlagCondition(text, input.model));
      if (reference === null) return term;
      windows.push(reference);
      return ' ';
    });
    const terms = unreferenced.trim() === '' ? [] : toQualifierConditions(unreferenced, known);
    if (terms === null && windows.length === 0) continue;
    conditions.push(...windows, ...(terms ?? []));
  }
  return conditions;
}

/** `category:support` on entities holding `category_id`: that field among the ids of the categories named so, or null. */
function toReferenceCondition(
  field: string,
  text: string,
  known: { has(name: string): boolean },
  input: { world: WorldState; model: ServiceModel },
): Condition | null {
  const idField = [`${field}_id`, `${field}Id`].find((name) => known.has(name));
  if (idField === undefined) return null;
  const type = toSingular(toWords(field).join('_'));
  const wanted = toNormalName(text);
  const naming = namingFieldsOf(input.model, type);
  const ids = entitiesOf(input.world, type)
    .filter((entity) => naming.some((name) => toNormalName(String(fieldValue(entity.fields, name) ?? '')) === wanted))
    .map((entity) => entity.id);
  return ids.length === 0 ? null : { field: idField, operator: 'in', value: ids };
}

/** `closed` (`status:closed`) on records keeping `closed: true`: that flag on; `open` the flag off, as a record that never had it is. */
function toFlagCondition(text: string, model: ServiceModel): Condition | null {
  const flag = toDescribedFlag(model.tools, text);
  if (flag === undefined) return null;
  return flag.value ? { field: flag.field, operator: 'in', value: [true] } : { field: flag.field, operator: 'eq', value: false };
}

/** The fields that name one record of a type in the service model: its name field, then its other keys and unique fields. */
function namingFieldsOf(model: ServiceModel, type: string): string[] {
  const keys = model.keysOf(type).keys.map((key) => key.field);
  const unique = model.entityTypes.get(type)?.unique ?? [];
  return [...new Set([model.idTraitsOf(type).nameField, ...keys, ...unique])];
}
