/**
 * Memberships seen from both sides. Where the world keeps a record that ties two records
 * (`{team_id, user_id}`: a team's member, what `add_team_member` makes and `list_team_members`
 * reads), a record whose schema lists the other side (PagerDuty's `User.teams`, "The list of teams
 * to which the user belongs") shows the records it is tied to, as the world holds them now, never
 * an empty list or one kept from an earlier answer.
 */
import type { WorldState } from '../../domain/memory-log.js';
import { toNormalName } from '../../domain/world-query.js';
import { isRecord } from '../../domain/json-record.js';

/**
 * The ids of the records of type `other` that the world's links tie the record to, or undefined
 * where no record of the world ties the two types (so the list is not the world's to answer).
 *
 * @example
 *   toLinkedIds({ entities: { member: { m1: { team_id: 'T1', user_id: 'U1' } } }, facts: [] }, { type: 'user', id: 'U1' }, 'team'); // ['T1']
 */
export function toLinkedIds(world: WorldState, record: { type: string; id: string }, other: string): string[] | undefined {
  const own = toNormalName(`${record.type}_id`);
  const theirs = toNormalName(`${other}_id`);
  let tied = false;
  const found: string[] = [];
  for (const [type, records] of Object.entries(world.entities)) {
    if (type === record.type || type === other) continue;
    for (const fields of Object.values(records)) {
      const mine = Object.entries(fields).find(([name]) => toNormalName(name) === own)?.[1];
      const their = Object.entries(fields).find(([name]) => toNormalName(name) === theirs)?.[1];
      if (!isKey(mine) || !isKey(their)) continue;
      tied = true;
      if (String(mine) === record.id && !found.includes(String(their))) found.push(String(their));
    }
  }
  return tied ? found : undefined;
}

/**
 * `wanted` with each list property of `properties` that names a type tied to the record (`teams`)
 * set to the tied records: `{id}` references where the list holds objects (the fit names them), ids where it holds text.
 *
 * @example
 *   withMemberships({ id: 'U1', name: 'Priya Shah' }, { teams: teamList }, resolve, { entity: 'user', references });
 *   // { id: 'U1', name: 'Priya Shah', teams: [{ id: 'T1' }] }
 */
export function withMemberships(
  wanted: Record<string, unknown>,
  properties: Readonly<Record<string, unknown>>,
  resolve: (schema: Record<string, unknown>) => Record<string, unknown>,
  { entity, references }: { entity?: string | undefined; references?: Links | undefined },
): Record<string, unknown> {
  const id = wanted.id;
  if (entity === undefined || references === undefined || !isKey(id)) return wanted;
  let result = wanted;
  for (const [name, property] of Object.entries(properties)) {
    const schema = isRecord(property) ? resolve(property) : undefined;
    if (schema?.type !== 'array') continue;
    const linked = references.linkedIds(entity, String(id), name);
    if (linked === undefined) continue;
    const items = isRecord(schema.items) ? resolve(schema.items) : {};
    result = { ...result, [name]: linked.map((other) => (items.type === 'string' ? other : { id: other })) };
  }
  return result;
}

/** What the fit knows of the world's links (world-references.ts gives it). */
interface Links {
  linkedIds(type: string, id: string, property: string): string[] | undefined;
}

function isKey(value: unknown): value is string | number {
  return (typeof value === 'string' && value !== '') || typeof value === 'number';
}
