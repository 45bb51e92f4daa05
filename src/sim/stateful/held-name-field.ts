/**
 * The field an update writes a record's name to. Services call one thing a name or a title by
 * turns (a described work item is seeded with its `name`; Azure DevOps writes `System.Title`,
 * GitHub an issue's `title`): a write of one of the words for a name inside a payload or a patch, to a
 * record that keeps its name under another of them only, changes that name rather than adding a
 * second one beside it. (A tool's own `title` argument is a field of its own: the caller chose it.)
 */
import { nameFields, toNormalName } from '../../domain/world-query.js';
import { existingName } from './world-conventions.js';

/**
 * The record's own spelling of the field `name` writes: the field it holds by that name, else its
 * one name field where `name` is a word for a name, else `name` as given.
 *
 * @example
 *   heldFieldName({ id: 1202, name: 'Saved payment methods' }, 'title'); // 'name'
 */
export function heldFieldName(fields: Readonly<Record<string, unknown>>, name: string): string {
  const held = existingName(fields, name);
  if (held !== name || Object.hasOwn(fields, name) || !nameFields.has(toNormalName(name))) return held;
  const names = Object.keys(fields).filter((key) => nameFields.has(toNormalName(key)));
  return names.length === 1 ? names[0]! : name;
}
