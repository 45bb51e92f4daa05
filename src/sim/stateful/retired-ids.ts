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
 * A random id (`cus_Q6JZat84iO0yR1`, a UUID, PagerDuty's `PCG3Q2M`, a snowflake `1098765432109876543`: all
 * digits, but drawn at random where the type's ids are 6 digits or more of one width) is seeded by how many ids the
 * type has had, retired ones with them: every delete of one retires it, so that count never goes
 * down, the next create draws a new id, and a read of the deleted id stays a not-found, as on
 * every real service. A call leaves one such fact however many ids it retires (a batch or cascade
 * delete of hundreds), so the world's older facts stay in its window.
 */
import type { WorldChanges, WorldState } from '../../domain/memory-log.js';
import { maxFactLength } from '../../domain/world-state.js';
import { drawsNumbersAtRandom, toIdSummary } from '../../reading/id-format.js';

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
/** The fact of a call that retired more than one id: `Deleted; their ids are never given again: task PABC123, PDEF456 and 298 more; invoice 3`. */
const listHead = 'Deleted; their ids are never given again: ';
const listedType = /^(\S+) (.+?)(?: and (\d+) more)?$/;
/** Ids a list fact cannot hold (it is split on `, ` and `; `): each gets a fact of its own. */
const unlistable = /[\s,;]/;

/**
 * The facts a call's deletes leave: per type and counter prefix, the highest deleted counted id,
 * where no id the type keeps counts higher, and every deleted random id. One fact per call
 * however many it deletes, so a batch or cascade delete of hundreds of records does not push the
 * world's older facts (reference data's "made up" ones among them) out of its window: one id reads
 * `invoice 2 was deleted; its id is never given again`, more are listed in one fact, and past what a
 * fact holds (`maxFactLength`) counted (`and 298 more`), which keeps the count that seeds new ids.
 *
 * @example
 *   retiredIdFacts(world, [{ type: 'invoice', id: '2' }]); // ['invoice 2 was deleted; its id is never given again'] where invoices are 1 and 2
 */
export function retiredIdFacts(world: WorldState, deletes: readonly { type: string; id: string }[]): string[] {
  const highest = new Map<string, { type: string; prefix: string; id: string; count: number }>();
  const retired: { type: string; id: string }[] = [];
  const drawn = new Map<string, boolean>();
  // A snowflake (`1098765432109876543`) is all digits but drawn at random, as the new-id maker draws it (id-format.ts).
  const drawnAtRandom = (type: string, id: string) => {
    if (!/^\d{6,}$/.test(id)) return false;
    if (!drawn.has(type)) drawn.set(type, drawsNumbersAtRandom(toIdSummary(idsOf(world, type)).numbers));
    return drawn.get(type)!;
  };
  for (const { type, id } of deletes) {
    const counted = drawnAtRandom(type, id) ? null : countedId.exec(id);
    if (!counted) {
      if (randomId.test(id)) retired.push({ type, id });
      continue;
    }
    const key = `${type}\u0000${counted[1]}`;
    const count = Number(counted[2]);
    if ((highest.get(key)?.count ?? -1) < count) highest.set(key, { type, prefix: counted[1]!, id, count });
  }
  for (const { type, prefix, id, count } of highest.values()) {
    const deleted = new Set(deletes.filter((entry) => entry.type === type).map((entry) => entry.id));
    const kept = idsOf(world, type).some((other) => {
      const counted = !deleted.has(other) && countedId.exec(other);
      return counted && counted[1] === prefix && Number(counted[2]) > count;
    });
    if (!kept) retired.push({ type, id });
  }
  return toFacts(retired);
}

function idsOf(world: WorldState, type: string): string[] {
  return Object.hasOwn(world.entities, type) ? Object.keys(world.entities[type]!) : [];
}

/** One fact for the listable ids (one id: the sentence of its own), one for each id a list cannot hold. */
function toFacts(retired: readonly { type: string; id: string }[]): string[] {
  const alone = (entry: { type: string; id: string }) => `${entry.type} ${entry.id} was deleted; its id is never given again`;
  const listed = retired.filter((entry) => !unlistable.test(entry.id));
  const apart = retired.filter((entry) => unlistable.test(entry.id)).map(alone);
  if (listed.length <= 1) return [...listed.map(alone), ...apart];
  const byType = new Map<string, string[]>();
  for (const { type, id } of listed) byType.set(type, [...(byType.get(type) ?? []), id]);
  // Each type gets its share of the fact, room kept for `; ` and ` and N more`; its first id always fits.
  const share = Math.floor((maxFactLength - listHead.length) / byType.size) - 16;
  const segments = [...byType].map(([type, ids]) => {
    let length = type.length + 1 + ids[0]!.length;
    let shown = 1;
    while (shown < ids.length && length + 2 + ids[shown]!.length <= share) length += 2 + ids[shown++]!.length;
    return `${type} ${ids.slice(0, shown).join(', ')}${shown < ids.length ? ` and ${ids.length - shown} more` : ''}`;
  });
  return [`${listHead}${segments.join('; ')}`, ...apart];
}

/** The changes with the facts their deletes leave (`retiredIdFacts`) added. */
export function withRetiredIds<T extends WorldChanges>(world: WorldState, changes: T): T {
  const facts = retiredIdFacts(world, changes.deletes ?? []);
  return facts.length === 0 ? changes : { ...changes, facts: [...(changes.facts ?? []), ...facts] };
}

/** The ids of a type the world's facts retired: those they name, and how many more they only counted. */
export interface RetiredIds {
  ids: readonly string[];
  /** Ids a fact counted past what it could list (`and 298 more`): they seed new ids as taken ones do. */
  unlisted: number;
}

const none: RetiredIds = { ids: [], unlisted: 0 };

/** Per facts list (a new list on every change of it): the retired ids of each type, in the facts' order. */
const byFacts = new WeakMap<readonly string[], Map<string, { ids: string[]; unlisted: number }>>();

/**
 * The ids of a type the world's facts say were deleted and are never given again, read once per
 * facts list, so a create pays a lookup.
 *
 * @example
 *   retiredIdsOf(world, 'invoice'); // { ids: ['2'], unlisted: 0 } after invoice 2, the highest, was deleted
 */
export function retiredIdsOf(world: WorldState, type: string): RetiredIds {
  if (world.facts.length === 0) return none;
  let retired = byFacts.get(world.facts);
  if (!retired) {
    retired = new Map();
    const add = (of: string, ids: readonly string[], unlisted: number) => {
      const kept = retired!.get(of) ?? { ids: [], unlisted: 0 };
      kept.ids.push(...ids);
      kept.unlisted += unlisted;
      retired!.set(of, kept);
    };
    for (const fact of world.facts) {
      const match = retiredFact.exec(fact);
      if (match) add(match[1]!, [match[2]!], 0);
      else if (fact.startsWith(listHead))
        for (const segment of fact.slice(listHead.length).split('; ')) {
          const listed = listedType.exec(segment);
          if (listed) add(listed[1]!, listed[2]!.split(', '), Number(listed[3] ?? 0));
        }
    }
    byFacts.set(world.facts, retired);
  }
  return retired.get(type) ?? none;
}
