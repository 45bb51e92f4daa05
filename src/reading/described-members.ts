/**
 * The people a record's parenthesis lists, as its members: `Teams: Platform (Priya Shah, Leo
 * Brandt)` seeds Priya and Leo as users (the type a current-user read answers) and as members of
 * Platform, where the server keeps a membership type whose parents are both the users and that
 * record's type (`list_team_members(team_id)`, `remove_team_member(team_id, user_id)`). A person is
 * a name of two or more capitalized words, as people are written; a user already seeded under that
 * name is the one meant. Pure but for the entities it fills.
 */
import type { WorldState } from '../domain/memory-log.js';
import type { ServiceModel } from './read-server.js';
import { toCallerType } from './described-caller.js';

type Model = Pick<ServiceModel, 'entityTypes' | 'tools' | 'shapes' | 'idTraitsOf'>;

const personName = /^\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+){1,3}$/u;

/**
 * Seeds the users a record's details name and their memberships of it.
 *
 * @example
 *   seedMembers(model, entities, detailsOf, newId); // entities.user gains Leo Brandt; entities.member gains { id, team_id, user_id, name }
 */
export function seedMembers(
  model: Model,
  entities: WorldState['entities'],
  detailsOf: ReadonlyMap<Record<string, unknown>, string>,
  newId: (type: string) => string,
): void {
  const userType = toCallerType(model);
  if (userType === null) return;
  for (const [memberType, entityType] of model.entityTypes) {
    const byUser = entityType.parents.find((parent) => parent.type === userType);
    const holders = entityType.parents.filter((parent) => parent.type !== userType && parent.type !== memberType);
    if (byUser === undefined || holders.length !== 1) continue;
    const [holder] = holders as [{ type: string; argument: string }];
    const holderIdField = model.entityTypes.get(holder.type)?.idField ?? 'id';
    for (const record of Object.values(entities[holder.type] ?? {})) {
      const people = (detailsOf.get(record) ?? '')
        .split(/\s*,\s*|\s+and\s+/)
        .map((piece) => piece.trim())
        .filter((piece) => personName.test(piece));
      for (const person of people) {
        const userId = userIdOf(model, entities, userType, person, newId);
        const members = (entities[memberType] ??= {});
        // `remove_team_member(team_id, user_id)`: a membership is named by its user's id, where no other membership took it.
        const id = Object.hasOwn(members, userId) ? newId(memberType) : userId;
        members[id] = { id, [holder.argument]: record[holderIdField], [byUser.argument]: userId, name: person };
      }
    }
  }
}

/** The id of the user named `name`, seeded now where the world holds none. */
function userIdOf(model: Model, entities: WorldState['entities'], userType: string, name: string, newId: (type: string) => string): string {
  const label = model.idTraitsOf(userType).nameField;
  const idField = model.entityTypes.get(userType)?.idField ?? 'id';
  const users = (entities[userType] ??= {});
  const found = Object.entries(users).find(([, fields]) => fields[label] === name || fields.name === name);
  if (found !== undefined) return found[0];
  const id = newId(userType);
  users[id] = { [idField]: id, [label]: name };
  return id;
}
