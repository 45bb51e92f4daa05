/**
 * An entity's id field spelled as its tools spell the argument that names it: `put_object(Bucket,
 * Key)` keeps an object's key under `Key`, not under the lower-case `key` the kind reading gives
 * the id word, so an object does not carry its key twice (`key` and `Key`). Only a field that is
 * the argument's name in another case is respelled (`key` for `Key`, never `id` for `objectId`),
 * and every shape of the entity takes the spelling, so reads, lists and writes agree. A field the
 * descriptions quote as it is (Twilio's "the resource's `sid`" beside its `Sid` arguments) keeps
 * its spelling: the descriptions say how the answers write it (quoted-fields.ts). Pure.
 */
import type { ToolShape } from './tool-shape.js';

/**
 * The shapes with each entity's id field in the spelling of the id argument that names it.
 *
 * @example
 *   withArgumentSpelledIds(shapes).get('list_objects')!.idField; // 'Key' where put_object(Bucket, Key) names an object
 */
export function withArgumentSpelledIds(shapes: Map<string, ToolShape>, quoted: ReadonlySet<string> = new Set()): Map<string, ToolShape> {
  const spellings = new Map<string, string>();
  for (const shape of shapes.values()) {
    const argument = shape.idArgument;
    if (argument === null || argument === shape.idField || argument.toLowerCase() !== shape.idField.toLowerCase()) continue;
    if (quoted.has(shape.idField) && !quoted.has(argument)) continue;
    if (!spellings.has(shape.entity)) spellings.set(shape.entity, argument);
  }
  if (spellings.size === 0) return shapes;
  for (const [name, shape] of shapes) {
    const spelled = spellings.get(shape.entity);
    if (spelled !== undefined && spelled !== shape.idField && spelled.toLowerCase() === shape.idField.toLowerCase())
      shapes.set(name, { ...shape, idField: spelled });
  }
  return shapes;
}
