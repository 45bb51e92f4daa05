/**
 * A new record made in a parent that has a key is numbered after that key: an issue created with
 * `teamId` of the team whose `key` is CHK is CHK-1, then CHK-2, as Linear, Jira and YouTrack number
 * a work item after its team's or project's key even where the call names the parent by an opaque
 * id (reading/described-prefix-keys.ts gives described parents their key). The key is handed to the
 * id's clues as the `key` a call may name (reading/id-format.ts), only where the call names none.
 */
import { toParentReferences } from '../../reading/tool-parents.js';
import type { AnswerInput } from './world-conventions.js';

/**
 * The call's arguments as clues for a new id: with `key` set to the key of the parent the call names, where it has one.
 *
 * @example
 *   withParentKey(createIssueInCheckout); // { title: 'Task', teamId: '8149…', key: 'CHK' }
 */
export function withParentKey(input: AnswerInput): Readonly<Record<string, unknown>> {
  if (Object.hasOwn(input.args, 'key')) return input.args;
  for (const parent of toParentReferences(input.tool, input.shape, input.shapes)) {
    const named = input.args[parent.argument];
    if (typeof named !== 'string' && typeof named !== 'number') continue;
    const key = input.world.entities[parent.entity]?.[String(named)]?.key;
    if (typeof key === 'string' && /^[A-Z][A-Z0-9_]{0,9}$/.test(key)) return { ...input.args, key };
  }
  return input.args;
}
