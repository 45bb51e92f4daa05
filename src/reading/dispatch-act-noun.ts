/**
 * The noun of a dispatching tool's name that names the act of choosing what to do, not a thing:
 * `pod-action(action: start | stop)`, `envDomainManagement(action: create | delete)`,
 * `manage_entity_lifecycle(operation: create | update | archive)`,
 * `managePercyBuildApproval(action: approve | reject)`. A tool that picks its operation by an
 * argument is named for what it acts on and, often, for the acting itself: the argument's own word,
 * a noun of managing (`management`, `lifecycle`, `operations`, `administration`), or the noun its
 * choices' verb makes (`approve` → `approval`). English puts the head noun last, so such a name's
 * last word is that act, and the words before it name the thing each choice acts on (a domain, an
 * entity, a Percy build). Pure.
 */
import { toSingular, toWords } from './entity-words.js';

/** Nouns of managing or operating on something: what a tool that does several things to one thing is called for. */
const actNouns: ReadonlySet<string> = new Set(['management', 'lifecycle', 'operation', 'action', 'ops', 'administration', 'admin']);

/**
 * The words of `entity` less a last word that names the act of the tool's choosing, or null
 * where its last word names a thing (or is its only word).
 *
 * @example
 *   withoutActNoun('domain_management', 'action', ['create', 'delete']); // 'domain'
 *   withoutActNoun('percy_build_approval', 'action', ['approve', 'unapprove', 'reject']); // 'percy_build'
 *   withoutActNoun('pod_action', 'action', ['start', 'stop']); // 'pod'
 *   withoutActNoun('subscription', 'action', ['subscribe']); // null
 */
export function withoutActNoun(entity: string, argument: string, values: readonly string[]): string | null {
  const words = entity.split('_');
  const last = words.at(-1)!;
  if (words.length < 2 || !namesAct(last, argument, values)) return null;
  return words.slice(0, -1).join('_');
}

function namesAct(word: string, argument: string, values: readonly string[]): boolean {
  const singular = toSingular(word);
  if (actNouns.has(singular) || toWords(argument).at(-1) === singular) return true;
  // `approve` → `approval`, `remove` → `removal`: the noun of the act one of the choices does.
  return values.some((value) => {
    const verb = toWords(value)[0];
    return verb !== undefined && `${verb.replace(/e$/, '')}al` === singular;
  });
}
