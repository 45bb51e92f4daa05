/**
 * `assigneeLogin: "me"` where the argument says it takes "login or me": services let a caller name
 * themself by `me` (YouTrack's assignee, ClickUp's and Todoist's `me`), and keep the person, not the
 * word. A create or update that is given `me` there keeps the caller's login (or email, or id, as
 * the argument's name asks): the person a current-user read answers, the one the world holds, else
 * the stand-in every world starts with (starting-world.ts).
 */
import type { WorldState } from '../../domain/memory-log.js';
import type { ToolDefinition } from '../../domain/registry.js';
import { toCallerType } from '../../reading/described-caller.js';
import type { ServiceModel } from '../../reading/read-server.js';
import { currentUser } from './starting-world.js';
import { callerFromFacts } from '../../reading/caller-fact.js';

/**
 * The call's arguments with `me` replaced by the caller where the argument's description offers `me`.
 *
 * @example
 *   withCallerForMe(issueAssign, { issueId: 'BILL-1', assigneeLogin: 'me' }, world, model); // { issueId: 'BILL-1', assigneeLogin: 'marta' }
 */
export function withCallerForMe(
  tool: ToolDefinition,
  args: Readonly<Record<string, unknown>>,
  world: WorldState,
  model: Pick<ServiceModel, 'tools' | 'shapes'>,
): Readonly<Record<string, unknown>> {
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, { description?: unknown }>;
  const aliased = Object.keys(args).filter((name) => {
    const value = args[name];
    const description = properties[name]?.description;
    return (
      typeof value === 'string' && value.toLowerCase() === 'me' && typeof description === 'string' && /['"`]?\bme\b/i.test(description)
    );
  });
  if (aliased.length === 0) return args;
  const caller = callerOf(world, model);
  return { ...args, ...Object.fromEntries(aliased.map((name) => [name, callerValue(caller, name)])) };
}

/** The person calling: the one a current-user read answers, the one the world holds or names, else the stand-in Ada. */
export function callerOf(world: WorldState, model: Pick<ServiceModel, 'tools' | 'shapes'>): Record<string, unknown> {
  const type = toCallerType(model);
  const [id, fields] = Object.entries(type === null ? {} : (world.entities[type] ?? {}))[0] ?? [];
  if (id !== undefined) return { id, ...fields };
  // `I am Dana Whitfield` on a server with no current-user read: the person the world's facts name (caller-fact.ts).
  const named = callerFromFacts(world.facts);
  return named === null ? { id: 'default', ...currentUser } : { id: named.login ?? named.email ?? named.name, ...named };
}

/** What of the caller the argument names: a login, an email or an id; else the login, or the name. */
export function callerValue(caller: Record<string, unknown>, name: string): unknown {
  if (/email/i.test(name)) return caller.email ?? caller.login ?? caller.id;
  if (/id$/i.test(name)) return caller.id;
  return caller.login ?? caller.username ?? caller.name ?? caller.id;
}
