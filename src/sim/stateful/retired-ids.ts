/**
 * A counted id, once deleted, is never given again: a service with autoincrement ids, `INV-0042` or
 * `OPS-17` counts on past its highest id ever, so a create after deleting invoice 2 makes invoice 3,
 * and fetching invoice 2 stays a not-found. The new-id counter (entity-ids.ts) reads the type's ids,
 * which a delete of the highest one would lower; so such a delete leaves a fact in the world
 * ("invoice 2 was deleted; its id is never given again"), which the counter reads and the model
 * reads too. Only the delete that lowers a counter leaves one (deleting invoice 1 beside invoice 2
 * changes nothing the counter reads), so the facts stay few; they are bounded with the world's
 * facts (`maxWorldFacts`), and the world stays `entities` and `facts`.
 *
 * A random id (`cus_Q6JZat84iO0yR1`, a UUID, PagerDuty's `PCG3Q2M`) is seeded by how many ids the
 * type has had, retired ones with them: every delete of one retires it, so that count never goes
 * down, the next create draws a new id, and a read of the deleted id stays a not-found, as on
 * every real service.
 */
import type { WorldChanges, WorldState } from '../../domain/memory-log.js';

/**
 * `INV-0042`, `42`, `c_1001`: a counted id, a prefix with no digits and a number; `cus_Q6JZat84iO0yR1`,
 * a random tail that happens to end in a digit, counts nothing.
 */
const countedId = /^(\D*)(\d+)$/;
/**
 * A code of 6 or more letters, digits, `_` and `-` with a capital or a digit in it and no counter at its end
 * (`PCG3Q2M`, a UUID, n8n's `kT4pQw...`): drawn at random. A lowercase word (`ct_anna`, `deploy-service`) is a name.
 */
const randomId = /^(?=.*[A-Z0-9])[A-Za-z0-9_-]{6,}$/;
const retiredFact = /^(\S+) (.+) was deleted; its id is never given again$/;

/**
 * The facts a call's deletes leave: per type and counter prefix, the highest deleted counted id,
 * where no id the type keeps counts higher, and every deleted random id.
 *
 * @example
 *   retiredIdFacts(world, [{ type: 'invoice', id: '2' }]); // ['invoice 2 was deleted; its id is never given again'] where invoices are 1 and 2
 */
export function retiredIdFacts(world: WorldState, deletes: readonly { type: string; id: string }[]): string[] {
  const highest = new Map<string, { type: string; prefix: string; id: string; count: number }>();
  const facts: string[] = [];
  for (const { type, id } of deletes) {
    const counted = countedId.exec(id);
    if (!counted) {
      if (randomId.test(id)) facts.push(`${type} ${id} was deleted; its id is never given again`);
      continue;
    }
    const key = `${type}\u0000${counted[1]}`;
    const count = Number(counted[2]);
    if ((highest.get(key)?.count ?? -1) < count) highest.set(key, { type, prefix: counted[1]!, id, count });
  }
  for (const { type, prefix, id, count } of highest.values()) {
    const byId = Object.hasOwn(world.entities, type) ? world.entities[type]! : {};
    const deleted = new Set(deletes.filter((entry) => entry.type === type).map((entry) => entry.id));
    const kept = Object.keys(byId).some((other) => {
      const counted = !deleted.has(other) && countedId.exec(other);
      return counted && counted[1] === prefix && Number(counted[2]) > count;
    });
    if (!kept) facts.push(`${type} ${id} was deleted; its id is never given again`);
  }
  return facts;
}

/** The changes with the facts their deletes leave (`retiredIdFacts`) added. */
export function withRetiredIds<T extends WorldChanges>(world: WorldState, changes: T): T {
  const facts = retiredIdFacts(world, changes.deletes ?? []);
  return facts.length === 0 ? changes : { ...changes, facts: [...(changes.facts ?? []), ...facts] };
}

const none: readonly string[] = [];

/** Per facts list (a new list on every change of it): the retired ids of each type, in the facts' order. */
const byFacts = new WeakMap<readonly string[], Map<string, string[]>>();

/**
 * The ids of a type the world's facts say were deleted and are never given again, read once per
 * facts list, so a create pays a lookup.
 *
 * @example
 *   retiredIdsOf(world, 'invoice'); // ['2'] after invoice 2, the highest, was deleted
 */
export function retiredIdsOf(world: WorldState, type: string): readonly string[] {
  if (world.facts.length === 0) return none;
  let retired = byFacts.get(world.facts);
  if (!retired) {
    retired = new Map();
    for (const fact of world.facts) {
      const match = retiredFact.exec(fact);
      if (match) retired.set(match[1]!, [...(retired.get(match[1]!) ?? []), match[2]!]);
    }
    byFacts.set(world.facts, retired);
  }
  return retired.get(type) ?? none;
}
