/**
 * The one argument an action's schema names a record by (`ungroup_elements(groupId)`,
 * `kill_process(pid)`, `disconnect(connectionId?)`): where a tool that is no read or write of its
 * noun takes a single id, the id says which record it acts on, whatever word its name uses for it.
 * Used by `acted-argument.ts`. Pure.
 */
import { toFullWord, toSingular, toWords } from './entity-words.js';
import type { IdArgument, Properties } from './tool-id-argument.js';

/** Last words of an argument that is a record's id; `pid` is a process's (POSIX `kill(pid)`). */
const idWords = new Set(['id', 'uuid', 'uid', 'pid']);

/**
 * The only id-named scalar argument of a tool, when it is required or the schema requires nothing
 * (then it says nothing of what is needed); null when there are several (which is the parent and
 * which the child is not said) or none, and when it names another type the server reads or writes
 * (`summon_helper(gadget_id)` beside `get_gadget`: the gadget is what the helper is summoned to, not
 * what the call acts on).
 *
 * @example
 *   loneIdArgument({ groupId: { type: 'string' } }, new Set(['groupId']), 'element', new Set(['element'])); // { name: 'groupId', field: 'id', strong: false }
 *   loneIdArgument({ roomId: { type: 'string' }, messageId: { type: 'string' } }, new Set(['roomId', 'messageId']), 'message', new Set()); // null
 */
export function loneIdArgument(
  properties: Properties,
  required: ReadonlySet<string>,
  entity: string,
  entities: ReadonlySet<string>,
): IdArgument | null {
  const named = Object.keys(properties).filter((name) => idWords.has(toWords(name).at(-1) ?? ''));
  if (named.length !== 1) return null;
  const name = named[0]!;
  const type = properties[name]?.type;
  if (type === 'array' || type === 'object') return null;
  if (required.size > 0 && !required.has(name)) return null;
  const stem = toWords(name)
    .slice(0, -1)
    .map((word) => toFullWord(toSingular(word)))
    .join('_');
  if (stem !== '' && stem !== entity && entities.has(stem)) return null;
  return { name, field: 'id', strong: false };
}
