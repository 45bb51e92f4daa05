/**
 * The argument an action names the one entity it acts on by (`ping_webhook(hook_id)`,
 * `sync_application(applicationName)`): an action on one entity that exists still names it.
 * Used by `tool-operation.ts`. Pure.
 */
import { findIdArgument, type IdArgument, type Properties } from './tool-id-argument.js';
import type { ParsedName } from './tool-name.js';
import { loneIdArgument } from './lone-id-argument.js';

/**
 * The argument an action names the one entity it acts on by, or null: a required argument that
 * names the tool's entity in its own words, as a read's would (`hook_id` of `ping_hook`, `id`),
 * never one found only by its position or a description.
 *
 * @example
 *   actedOnArgument(parseToolName('ping_hook', null), { hook_id: { type: 'string' } }, new Set(['hook_id']), new Set()); // { name: 'hook_id', field: 'id', strong: true }
 */
export function actedOnArgument(
  parsed: ParsedName,
  properties: Properties,
  required: ReadonlySet<string>,
  entities: ReadonlySet<string>,
): IdArgument | null {
  if (parsed.entityWords.length === 0) return null;
  const found = findIdArgument('read', parsed.entityWords, properties, required, entities);
  if (found !== null && found.strong && required.has(found.name)) return found;
  // `ungroup_elements(groupId)`, `kill_process(pid)`: the one id an action takes names what it acts on (lone-id-argument.ts).
  return loneIdArgument(properties, required, parsed.entityWords.join('_'), entities);
}
