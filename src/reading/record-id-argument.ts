/**
 * Whether an argument or field names an opaque record id (`dealId`, `customer_id`, `uuid`, `uid`)
 * rather than a natural key a person could know (`name`, `key`, `slug`, a path): such an id can
 * only come from the service's own answers.
 */
import { toWords } from './entity-words.js';

/** Last words of an argument that name an opaque record id, not a key a person could know. */
const recordIdWords = new Set(['id', 'uuid', 'gid', 'uid']);

/**
 * @example
 *   isRecordIdArgument('channel_id'); // true
 *   isRecordIdArgument('channel_name'); // false
 */
export function isRecordIdArgument(argument: string | null): boolean {
  if (argument === null) return false;
  const last = toWords(argument).at(-1);
  return last !== undefined && recordIdWords.has(last);
}
