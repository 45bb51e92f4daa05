/**
 * Record ids the service never gave: an opaque id (`user_id`, `channelId`, `dealUuid`) can only come
 * from the service's own answers, so once the world holds a set of that type (listed, even where a
 * first list made it up as reference data, or created) an id outside the set is the service's
 * not-found on a read, even one whose reading is loose (`slack_get_user_profile(user_id)`). Not on
 * a create under a parent: agents name parents from outside the world (a Metabase collection 12,
 * Google Tasks' `@default`), and refusing them lost more walk checks than it won. A natural key
 * (`name`, `key`, `slug`, a path) may be known from elsewhere and still invents its entity
 * (reference-data.ts).
 */
import { toFullWord, toSingular, toWords } from '../../reading/entity-words.js';
import { isRecordIdArgument } from '../../reading/record-id-argument.js';
import { exampleIds } from './starting-world.js';
import type { AnswerInput } from './world-conventions.js';

/**
 * Whether a read's id argument is a record id named for the call's type (`user_id` of a user) and
 * the world holds a set of that type other than the starting world's made-up examples: an id
 * outside the set is a not-found, however loosely the read was named (`get_user_profile`).
 *
 * @example
 *   namesListedRecord(input); // true for slack_get_user_profile({ user_id: 'U0NEVERMADE' }) after slack_get_users
 */
export function namesListedRecord(input: AnswerInput): boolean {
  const { idArgument, entity } = input.shape;
  if (idArgument === null || !namesOwnRecordId(idArgument, entity)) return false;
  const held = input.world.entities[entity];
  if (!held) return false;
  const examples = exampleIds(input.world, entity);
  return Object.keys(held).some((id) => !examples.has(id));
}

/**
 * Whether an argument names a record id of `entity` itself (`file_id` of a file, `userIds` no).
 *
 * @example
 *   namesOwnRecordId('file_id', 'file'); // true
 *   namesOwnRecordId('model_id', 'file'); // false
 */
export function namesOwnRecordId(argument: string, entity: string): boolean {
  if (!isRecordIdArgument(argument)) return false;
  const stem = toWords(argument)
    .slice(0, -1)
    .map((word) => toFullWord(toSingular(word)))
    .join('_');
  return stem === entity;
}
