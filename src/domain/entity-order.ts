/**
 * The order a type's entities are listed in: numeric ids in number order first (`9` before `10`,
 * as a service that counts its records lists them), then every other id in the order it came into
 * the world: a described world's records in the order the scenario tells them, then each create's
 * after them. Text order told nothing a user meant: random ids (UUIDs, `cus_NffrFeUfNV2Hib`) carry
 * no order, so a described "Engineering and Design" listed Design first, and key-numbered ones
 * sorted `ENG-102` before `ENG-97`. Kept per type object and caught up from the ids changed in
 * place since, as `world-state.ts` records them, so a create does not sort the type again. Pure.
 */
import { idsChangedSince, typeVersion } from './world-state.js';

type ById = Record<string, Record<string, unknown>>;

/** One entity as `world-query.ts` hands it out (its `EntityRecord`, which imports this file). */
interface EntityRecord {
  id: string;
  fields: Record<string, unknown>;
}

interface Ordered {
  version: number;
  records: EntityRecord[];
  /** How many of `records` lead with numeric ids. */
  numbers: number;
  /** Where each other id sits among the records after the numeric ones. */
  others: Map<string, number>;
}

const orderedTypes = new WeakMap<object, Ordered>();

const isNumericId = (id: string) => /^\d+$/.test(id);

/**
 * The records of one type object in list order (a fresh array each time: callers sort and filter it).
 *
 * @example
 *   orderedRecords({ 'c-9f2': {}, '10': {}, 'a-71e': {}, '9': {} }).map((record) => record.id); // ['9', '10', 'c-9f2', 'a-71e']
 */
export function orderedRecords(byId: ById): EntityRecord[] {
  const version = typeVersion(byId);
  let ordered = orderedTypes.get(byId);
  if (ordered?.version !== version) {
    const changed = ordered ? idsChangedSince(byId, ordered.version) : null;
    if (ordered && changed) {
      for (const id of changed) place(ordered, { id, fields: byId[id]! });
      ordered.version = version;
    } else orderedTypes.set(byId, (ordered = orderAfresh(byId, version)));
  }
  return ordered.records.slice();
}

function orderAfresh(byId: ById, version: number): Ordered {
  const numbers: EntityRecord[] = [];
  const others: EntityRecord[] = [];
  // Object key order is the order of insertion for every key but array indexes, which come first.
  for (const [id, fields] of Object.entries(byId)) (isNumericId(id) ? numbers : others).push({ id, fields });
  numbers.sort((a, b) => compareNumbers(a.id, b.id));
  return {
    version,
    records: [...numbers, ...others],
    numbers: numbers.length,
    others: new Map(others.map((record, index) => [record.id, index])),
  };
}

/** Replaces the record of its id where it stands, or adds it: a number in its place (a binary search), any other id last. */
function place(ordered: Ordered, record: EntityRecord): void {
  const { records } = ordered;
  if (!isNumericId(record.id)) {
    const index = ordered.others.get(record.id);
    if (index !== undefined) records[ordered.numbers + index] = record;
    else {
      ordered.others.set(record.id, records.length - ordered.numbers);
      records.push(record);
    }
    return;
  }
  let low = 0;
  let high = ordered.numbers;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (compareNumbers(records[middle]!.id, record.id) < 0) low = middle + 1;
    else high = middle;
  }
  if (low < ordered.numbers && records[low]!.id === record.id) records[low] = record;
  else {
    records.splice(low, 0, record);
    ordered.numbers += 1;
  }
}

/** Number order, then text order for the same number written two ways (`7`, `007`): the same on every machine. */
function compareNumbers(a: string, b: string): number {
  return Number(a) - Number(b) || (a < b ? -1 : a > b ? 1 : 0);
}
