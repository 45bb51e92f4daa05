/**
 * A tool that reads whoever calls (`whoami`, `get_viewer`, `get_current_user`) reads a user: the
 * caller is one of the service's users, so its entity is `user`, not a type named for the caller,
 * and a word before it (`application_current_user`) only says where it is asked. The answer
 * kind still knows it reads the caller (answer-kind.ts reads the name and description). Pure, and a
 * leaf: answer-kind.ts and tool-entity.ts both read the caller's types here.
 */
import type { ToolShape } from './tool-shape.js';

/** A read with no id whose entity names the caller. */
const callerEntities = /^(me|myself|self|whoami|viewer|current_user|user_me|my_user|user_self)$/;

/** Whether an entity type is the caller themself (`me`, `viewer`): a person, not a collection the server keeps. */
export function isCallerEntity(entity: string): boolean {
  return callerEntities.test(entity);
}

/**
 * `user` for a read of the caller, or null.
 *
 * @example
 *   toCallerUser({ ...shape, operation: 'read', entity: 'viewer', idArgument: null }); // 'user'
 */
export function toCallerUser(shape: ToolShape): string | null {
  if (shape.dispatch || shape.idArgument !== null || shape.entity === 'user') return null;
  // A pronoun (`get_me`) stays the caller's own type, as the starting world and the answers hold it.
  const named = isCallerEntity(shape.entity) && !pronouns.has(shape.entity);
  if (!named && !shape.entity.endsWith('_current_user')) return null;
  // Only a read: an action named for the caller (`whoami` read as `other`) is answered as the caller by its entity.
  return shape.operation === 'read' || shape.operation === 'list' ? 'user' : null;
}

const pronouns = new Set(['me', 'self', 'user_me', 'my_user', 'user_self']);
