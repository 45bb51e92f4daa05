/**
 * The labels a described record carries where its tools take them by id: `ENG-101 "…", label Bug`
 * or `(labels Bug and Chore)` of a tracker whose writes take `labelIds` keeps the ids of the labels
 * named so, as Linear, GitLab and Plane file a label by id: the world's records of the label type
 * (`tag` for `tags`/`tagIds`), else the `labels` a record lists (a Linear team's), matched by name.
 * A label the world does not hold is left out, never made up as an id. Labels kept by name
 * (`labels: ['bug']`) are a plain field (described-fields.ts). Pure but for the entities it fills.
 */
import type { WorldState } from '../domain/memory-log.js';
import { toNormalName } from '../domain/world-query.js';
import type { ServiceModel } from './read-server.js';

type Model = Pick<ServiceModel, 'tools' | 'shapes' | 'idTraitsOf'>;

/** `label Bug`, `labels Bug and Chore`, `labelled Bug`, `tags urgent`: the word and the names after it. */
const labelled = /^(label|tag)(?:s|l?ed|ged)?\s*:?\s+(.+)$/i;

/**
 * Gives each described record the ids of the labels its details name, under the id list its type's tools take for them.
 *
 * @example
 *   linkLabelIds(model, entities, detailsOf); // issue ENG-101 gains labelIds: [<Bug's id>]
 */
export function linkLabelIds(
  model: Model,
  entities: WorldState['entities'],
  detailsOf: ReadonlyMap<Record<string, unknown>, string>,
): void {
  for (const [type, records] of Object.entries(entities))
    for (const record of Object.values(records)) {
      const named = labelsOf(detailsOf.get(record));
      if (named === undefined) continue;
      const field = idListFor(model, type, named.word);
      if (field === undefined || Object.hasOwn(record, field)) continue;
      const known = knownLabels(model, entities, named.word);
      const ids = named.names.flatMap((name) => known.get(name.toLowerCase()) ?? []);
      if (ids.length > 0) record[field] = [...new Set(ids)];
    }
}

/** The label word and names a record's details give, a bare word after a comma going on with the list (`labels Bug, Chore`). */
function labelsOf(details: string | undefined): { word: string; names: string[] } | undefined {
  let found: { word: string; names: string[] } | undefined;
  for (const piece of (details ?? '').split(/\s*[,;]\s*/)) {
    const match = labelled.exec(piece.trim());
    if (match) {
      found = { word: match[1]!.toLowerCase(), names: match[2]!.split(/\s+and\s+/).map((name) => name.trim()) };
      continue;
    }
    if (found !== undefined && /^[\p{L}\d][\p{L}\d_-]*$/u.test(piece.trim())) found.names.push(piece.trim());
    else if (found !== undefined) break;
  }
  return found;
}

/** The id-list argument the type's tools name for the word (`labelIds`, `label_ids`, `tagIds`), at any depth of their schemas. */
function idListFor(model: Model, type: string, word: string): string | undefined {
  const wanted = new Set([`${word}ids`, `${word}sids`]);
  for (const tool of model.tools) {
    if (model.shapes.get(tool.name)?.entity !== type) continue;
    const found = findProperty(tool.inputSchema, (name) => wanted.has(toNormalName(name)), 0);
    if (found !== undefined) return found;
  }
  return undefined;
}

function findProperty(schema: unknown, wanted: (name: string) => boolean, depth: number): string | undefined {
  if (typeof schema !== 'object' || schema === null || depth > 6) return undefined;
  const properties = (schema as { properties?: unknown }).properties;
  if (typeof properties === 'object' && properties !== null) for (const name of Object.keys(properties)) if (wanted(name)) return name;
  for (const value of Object.values(schema)) {
    const found = findProperty(value, wanted, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Label ids by lower-cased name: the label type's records, then the `labels` items records list (`{id, name}`). */
function knownLabels(model: Model, entities: WorldState['entities'], word: string): Map<string, string[]> {
  const known = new Map<string, string[]>();
  const add = (name: unknown, id: unknown) => {
    if (typeof name !== 'string' || (typeof id !== 'string' && typeof id !== 'number')) return;
    const ids = known.get(name.toLowerCase()) ?? [];
    if (!ids.includes(String(id))) known.set(name.toLowerCase(), [...ids, String(id)].slice(0, 1));
  };
  for (const [type, records] of Object.entries(entities)) {
    if (type === word || type.endsWith(`_${word}`)) {
      const label = model.idTraitsOf(type).nameField;
      for (const [id, fields] of Object.entries(records)) add(fields[label] ?? fields.name, fields.id ?? id);
    }
    for (const fields of Object.values(records)) {
      const listed = fields[`${word}s`];
      if (!Array.isArray(listed)) continue;
      for (const item of listed)
        if (typeof item === 'object' && item !== null) add((item as Record<string, unknown>).name, (item as Record<string, unknown>).id);
    }
  }
  return known;
}
