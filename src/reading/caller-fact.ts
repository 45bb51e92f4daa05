/**
 * The caller a description names where the server has no current-user read to keep them as a
 * record of (Azure DevOps' tools read no `me`): the world keeps them as a fact, "the caller is
 * Dana Whitfield (dana@contoso.com)", so what the simulator does for the caller (a list of "my"
 * work items, `me` as an assignee, the author of a comment) is done for them rather than for the
 * stand-in every world starts with. Pure.
 */
import { toCallerDetails, toCallerType, toDescribedCaller } from './described-caller.js';
import type { ServiceModel } from './read-server.js';

const opening = 'the caller is ';

/**
 * The facts a description gives of its caller where no type holds them: one, or none.
 *
 * @example
 *   toCallerFacts(['I am Dana Whitfield (dana@contoso.com).'], azureModel); // ['the caller is Dana Whitfield (dana@contoso.com)']
 */
export function toCallerFacts(sentences: readonly string[], model: Pick<ServiceModel, 'tools' | 'shapes'>): string[] {
  const caller = toDescribedCaller(sentences);
  if (caller === null || toCallerType(model) !== null) return [];
  const { login, email } = toCallerDetails(sentences, caller);
  const details = [login === undefined ? null : `login ${login}`, email ?? null].filter((part) => part !== null);
  return [`${opening}${caller}${details.length > 0 ? ` (${details.join(', ')})` : ''}`];
}

/**
 * The caller a world's facts name: their name, login and email; null where no fact names one.
 *
 * @example
 *   callerFromFacts(['the caller is Dana Whitfield (dana@contoso.com)']); // { name: 'Dana Whitfield', email: 'dana@contoso.com' }
 */
export function callerFromFacts(facts: readonly string[]): { name: string; login?: string; email?: string } | null {
  const fact = facts.find((text) => text.startsWith(opening));
  const found = fact === undefined ? null : /^the caller is ([^()]+?)(?: \((?:login (\S+?)(?:, |\)))?([^()\s]+@[^()\s]+)?\)?)?$/.exec(fact);
  if (!found) return null;
  return {
    name: found[1]!,
    ...(found[2] !== undefined ? { login: found[2] } : {}),
    ...(found[3] !== undefined ? { email: found[3] } : {}),
  };
}
