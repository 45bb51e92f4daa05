/**
 * A new record's key continues its siblings' numbering: an issue created in the project whose
 * issues are BILL-1 to BILL-4 is BILL-5, even where the world's last issue is MOB-2. Keys such as
 * YouTrack's, Jira's or Linear's are a project key and a running number within it, so the record
 * made under a parent takes the key the records of the same parent carry (the call's parent and
 * scope arguments, reading/tool-parents.ts), numbered after the highest the world holds
 * (reading/id-format.ts counts on from the last id it is given).
 */
import { fieldValue, valuesMatch, type EntityRecord } from '../../domain/world-query.js';
import { toParentReferences } from '../../reading/tool-parents.js';
import { scopeArguments, type AnswerInput } from './world-conventions.js';

/** `BILL-4`: a key, a dash and a number. */
const keyedId = /^([A-Za-z][A-Za-z0-9_]*)-\d+$/;

/**
 * The world's records of the type with the new one's siblings last, where they carry a key of
 * their own; else the records as they are.
 *
 * @example
 *   withSiblingsLast(createInBilling, [bill1, bill2, mob1]).map((record) => record.id); // ['MOB-1', 'BILL-1', 'BILL-2']
 */
export function withSiblingsLast(input: AnswerInput, existing: readonly EntityRecord[]): readonly EntityRecord[] {
  const last = existing.at(-1);
  if (last === undefined || !existing.every((record) => keyedId.test(record.id))) return existing;
  const places = [...scopeArguments(input), ...toParentReferences(input.tool, input.shape, input.shapes).map((parent) => parent.argument)];
  const scope = [...new Set(places)].filter((name) => input.args[name] !== undefined && input.args[name] !== '');
  // A sibling holds the call's place in every scope field it has, and has one at least.
  const isSibling = (record: EntityRecord) => {
    const held = scope.filter((name) => fieldValue(record.fields, name) !== undefined);
    return held.length > 0 && held.every((name) => valuesMatch(fieldValue(record.fields, name), input.args[name]));
  };
  const siblings = existing.filter(isSibling);
  const key = siblings.at(-1)?.id.replace(/-\d+$/, '');
  if (key === undefined || last.id.startsWith(`${key}-`)) return existing;
  return [...existing.filter((record) => !isSibling(record)), ...siblings];
}
