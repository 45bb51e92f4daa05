/**
 * Ids a caller chooses are only unique inside their scope: `put_object(Bucket, Key)` may write
 * `a.txt` to two buckets, and they are two objects. The world keeps each entity under one key, so
 * an entity whose chosen id another scope already holds is kept under its scope and id
 * (`receipts/a.txt`); its fields still show the id it was given, and lookups match by field
 * within the scope (world-views.ts findEntity).
 */
import { fieldValue, valuesMatch } from '../../domain/world-query.js';
import { scopeArguments, type AnswerInput } from './world-conventions.js';

/**
 * Where a created entity with the chosen `id` is kept: `{ key }`, or `{ clash: true }` when an
 * entity of its scope already holds that id.
 *
 * @example
 *   toScopedKey(putIntoReceipts, 'a.txt'); // { key: 'receipts/a.txt' } where the invoices bucket holds a.txt
 */
export function toScopedKey(input: AnswerInput, id: string): { key: string; clash: false } | { key: null; clash: true } {
  const byId = input.world.entities[input.shape.entity] ?? {};
  if (!Object.hasOwn(byId, id)) return { key: id, clash: false };
  const scope = [...scopeArguments(input)].filter((name) => input.args[name] !== undefined);
  const sameScope = (fields: Record<string, unknown>) =>
    scope.every((name) => {
      const held = fieldValue(fields, name);
      return held === undefined || valuesMatch(held, input.args[name]);
    });
  if (scope.length === 0 || sameScope(byId[id]!)) return { key: null, clash: true };
  const key = [...scope.map((name) => String(input.args[name])), id].join('/');
  if (Object.hasOwn(byId, key)) return sameScope(byId[key]!) ? { key: null, clash: true } : { key: `${key}#2`, clash: false };
  return { key, clash: false };
}
