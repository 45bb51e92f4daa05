/**
 * A membership is one record per person and holder: `add_team_member(team_id, {user_id})` makes the
 * record that ties the user to the team (a type whose parents are the users, the type a who-am-I
 * read answers, and one holder), and adding the same user to the same team again is the membership
 * it has, never a second one beside it. Its id is the user's, as the scenario's members are seeded
 * (reading/described-members.ts), where no other membership took that id; so
 * `remove_team_member(team_id, user_id)` finds it by the id the caller has.
 */
import { entitiesOf, fieldValue, valuesMatch, type EntityRecord } from '../../domain/world-query.js';
import { toCallerType } from '../../reading/described-caller.js';
import type { AnswerInput } from './world-conventions.js';

interface Membership {
  user: string;
  holder: string;
}

/**
 * The membership record the call names both sides of and the world holds already, or undefined.
 *
 * @example
 *   heldMembership(addTeamMemberInput); // the record { id: 'PT62O4N', team_id: 'PI39LSG', user_id: 'PT62O4N' } for Tom on Payments
 */
export function heldMembership(input: AnswerInput): EntityRecord | undefined {
  const sides = membershipSides(input);
  if (sides === null) return undefined;
  const [user, holder] = [input.args[sides.user], input.args[sides.holder]];
  if (!isKey(user) || !isKey(holder)) return undefined;
  return entitiesOf(input.world, input.shape.entity).find(
    (entity) => valuesMatch(fieldValue(entity.fields, sides.user), user) && valuesMatch(fieldValue(entity.fields, sides.holder), holder),
  );
}

/**
 * The id of a new membership: its user's id where no membership holds it yet, else undefined (the type's own format).
 *
 * @example
 *   membershipId(addTeamMemberInput); // 'PZRDVP2' for Leo's first membership
 */
export function membershipId(input: AnswerInput): string | undefined {
  const sides = membershipSides(input);
  const user = sides === null ? undefined : input.args[sides.user];
  if (!isKey(user) || Object.hasOwn(input.world.entities[input.shape.entity] ?? {}, String(user))) return undefined;
  return String(user);
}

/** The arguments that name a membership's user and its holder, where the call's type is a membership. */
function membershipSides(input: AnswerInput): Membership | null {
  const userType = toCallerType(input.model);
  const parents = input.model.entityTypes.get(input.shape.entity)?.parents ?? [];
  const user = parents.find((parent) => parent.type === userType);
  const holders = parents.filter((parent) => parent.type !== userType && parent.type !== input.shape.entity);
  if (userType === null || userType === input.shape.entity || user === undefined || holders.length !== 1) return null;
  return { user: user.argument, holder: holders[0]!.argument };
}

function isKey(value: unknown): value is string | number {
  return (typeof value === 'string' && value !== '') || typeof value === 'number';
}
