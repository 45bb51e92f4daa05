/**
 * A batch that adds values to (or deletes them from) a list each named record keeps: a knowledge
 * graph's `add_observations({ observations: [{ entityName, contents: [...] }] })` and
 * `delete_observations({ deletions: [{ entityName, observations: [...] }] })`. Each item names a
 * record of a type the world holds (`entityName`, `entityId`) whose records keep a list named for
 * the tool's type (`observations`); the values go into that list, or out of it when the verb
 * deletes. An item naming a record nobody made is the service's not-found where the tool says it
 * acts on existing records (existing-records.ts); elsewhere it leaves the call an ordinary create
 * (the demo catalog's crud walk adds "facts to entities that are already in the graph" to made-up names).
 */
import type { WorldChanges } from '../../domain/memory-log.js';
import { entitiesOf, findByName, toNormalName, valuesMatch, type EntityRecord } from '../../domain/world-query.js';
import { toPlural, toWords } from '../../reading/entity-words.js';
import type { Answer, AnswerInput } from './world-conventions.js';
import { notFound } from './world-views.js';
import { saysExisting } from './existing-records.js';
import { isRecord } from '../../domain/json-record.js';

const removingVerbs = new Set(['delete', 'remove', 'clear', 'drop']);

/**
 * The answer of such a batch, or null when the call is not one.
 *
 * @example
 *   addToRecordLists(input); // { value: { observations: [{ entityName: 'Ada', added: ['Born 1815'] }] }, changes: { upserts: [...] } }
 */
export function addToRecordLists(input: AnswerInput): Answer | null {
  const listName = toPlural(input.shape.entity);
  for (const [argument, value] of Object.entries(input.args)) {
    if (!Array.isArray(value) || value.length === 0 || !value.every(isRecord)) continue;
    const named = value.map((item) => namedRecord(input, item, listName));
    // "Add new observations to existing entities": a name the world's records lack is the service's not-found (existing-records.ts).
    const unknown = saysExisting(input.tool) ? named.find((found) => found !== null && found.record === undefined) : undefined;
    if (unknown) return { error: notFound({ ...input.shape, entity: unknown.type, idField: unknown.key }, unknown.name) };
    // A record nobody made: the call stays an ordinary create of its type (the demo catalog's walk of the memory server adds to made-up names).
    if (named.some((found) => found === null || found.record === undefined)) continue;
    const removing = toWords(input.tool.name).some((word) => removingVerbs.has(word));
    const upserts: NonNullable<WorldChanges['upserts']> = [];
    const shown: Record<string, unknown>[] = [];
    for (const found of named as Named[]) {
      const record = found.record!;
      const current = Array.isArray(record.fields[listName]) ? (record.fields[listName] as unknown[]) : [];
      const list = removing
        ? current.filter((item) => !found.values.some((given) => valuesMatch(item, given)))
        : [...current, ...found.values.filter((given) => !current.some((item) => valuesMatch(item, given)))];
      upserts.push({ type: found.type, id: record.id, fields: { [listName]: list } });
      shown.push({ [found.key]: found.name, [removing ? 'removed' : 'added']: found.values });
    }
    return { value: { [argument]: shown }, changes: { upserts } };
  }
  return null;
}

interface Named {
  type: string;
  key: string;
  name: string;
  values: unknown[];
  record: EntityRecord | undefined;
}

/** The record an item names (`entityName: 'Ada'`) among a type whose records keep the list, and the values it carries; null when it names none. */
function namedRecord(input: AnswerInput, item: Record<string, unknown>, listName: string): Named | null {
  const values = Object.values(item).find((entry) => Array.isArray(entry));
  if (!Array.isArray(values)) return null;
  for (const [key, name] of Object.entries(item)) {
    if (typeof name !== 'string') continue;
    const type = toNormalName(key).replace(/(?:name|id|key)$/, '');
    if (type === '' || type === toNormalName(input.shape.entity)) continue;
    const records = Object.keys(input.world.entities).find((candidate) => toNormalName(candidate) === type);
    if (records === undefined) continue;
    const entities = entitiesOf(input.world, records);
    if (!entities.some((record) => Array.isArray(record.fields[listName]))) continue;
    const found = entities.find((record) => record.id === name) ?? findByName(entities, name, input.model.idTraitsOf(records).nameField);
    const exact =
      found &&
      (found.id === name ||
        Object.values(found.fields).some((field) => typeof field === 'string' && field.toLowerCase() === name.toLowerCase()));
    return { type: records, key, name, values, record: exact ? found : undefined };
  }
  return null;
}
