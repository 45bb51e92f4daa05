/**
 * `ENG-101` lies in the team whose key is `ENG`: issue trackers (Jira, Linear, YouTrack) number a
 * work item after its project's or team's key, so a seeded record written by such a key and with no
 * parent yet is under the parent the key names: the one whose description gives it that key (`Engineering
 * (key ENG)`), else the only one whose name starts with it or whose initials spell it (`Engineering`,
 * `Mobile App` for `MA`). Pure; described-world.ts calls it once the records are seeded.
 */
import type { WorldState } from '../domain/memory-log.js';
import type { ServiceModel } from './read-server.js';
import { toParentKeys } from './parent-keys.js';

const keyedId = /^([A-Z][A-Z0-9]{1,9})-\d+$/;

/**
 * Gives each seeded record with a key-numbered id and no parent the parent its key names.
 *
 * @example
 *   linkKeyPrefixParents(model, entities, details); // issue ENG-101 gets teamId of the team "Engineering"
 */
export function linkKeyPrefixParents(
  model: Pick<ServiceModel, 'entityTypes' | 'tools' | 'shapes' | 'idTraitsOf'>,
  entities: WorldState['entities'],
  detailsOf: ReadonlyMap<Record<string, unknown>, string>,
): void {
  for (const [type, records] of Object.entries(entities)) {
    const parents = toParentKeys(model, type).filter((parent) => parent.idArguments.length > 0);
    if (parents.length === 0) continue;
    for (const [id, fields] of Object.entries(records)) {
      const key = keyedId.exec(id)?.[1];
      if (key === undefined || parents.some((parent) => parent.idArguments.some((argument) => fields[argument] != null))) continue;
      for (const parent of parents) {
        const held = Object.entries(entities[parent.type] ?? {});
        const label = model.idTraitsOf(parent.type).nameField;
        const found = keyedBy(held, key, label, detailsOf);
        if (found === undefined) continue;
        const idField = model.entityTypes.get(parent.type)?.idField ?? 'id';
        fields[parent.idArguments[0]!] = entities[parent.type]![found]![idField] ?? found;
        break;
      }
    }
  }
}

/** The id of the one record the key names: given it in its description, else by its name's start or initials. */
function keyedBy(
  held: readonly [string, Record<string, unknown>][],
  key: string,
  label: string,
  detailsOf: ReadonlyMap<Record<string, unknown>, string>,
): string | undefined {
  const given = new RegExp(String.raw`\bkey:?\s+${key}\b`);
  // `Engineering (key ENG)`, or the key alone in the parenthesis: `Checkout (CHK)`.
  const stated = held.filter(([, fields]) => given.test(detailsOf.get(fields) ?? '') || detailsOf.get(fields)?.trim() === key);
  if (stated.length === 1) return stated[0]![0];
  const named = held.filter(([, fields]) => {
    const name = typeof fields[label] === 'string' ? (fields[label] as string) : '';
    const initials = name
      .split(/[\s_-]+/)
      .map((word) => word[0] ?? '')
      .join('');
    return name.toUpperCase().startsWith(key) || (initials.length > 1 && initials.toUpperCase() === key);
  });
  return named.length === 1 ? named[0]![0] : undefined;
}
