/**
 * `assignee = currentUser()`: a query language's function for the person calling (JQL's
 * `currentUser()`, as YouTrack's `me` and GitHub's `@me` are words for them). Services evaluate
 * it as the signed-in user, so a query that names it finds that person's records: it is replaced
 * by the caller's name, quoted, before the query is read as conditions.
 */
import type { WorldState } from '../../domain/memory-log.js';
import type { ServiceModel } from '../../reading/read-server.js';
import { callerOf } from './caller-alias.js';

const callerFunction = /\bcurrentUser\s*\(\s*\)/gi;

/**
 * The arguments with `currentUser()` in a query string replaced by the caller's name.
 *
 * @example
 *   withCallerInQuery({ jql: 'assignee = currentUser()' }, world, model); // { jql: 'assignee = "Priya Nair"' }
 */
export function withCallerInQuery(
  args: Readonly<Record<string, unknown>>,
  world: WorldState,
  model: Pick<ServiceModel, 'tools' | 'shapes'>,
): Readonly<Record<string, unknown>> {
  const named = Object.keys(args).filter((name) => typeof args[name] === 'string' && /\bcurrentUser\s*\(\s*\)/i.test(args[name]));
  if (named.length === 0) return args;
  const caller = callerOf(world, model);
  const person = String(caller.name ?? caller.displayName ?? caller.login ?? caller.id).replace(/"/g, '');
  return { ...args, ...Object.fromEntries(named.map((name) => [name, (args[name] as string).replace(callerFunction, `"${person}"`)])) };
}
