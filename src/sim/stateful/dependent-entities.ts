/**
 * What goes with a deleted entity: the entities that name it as theirs by a `<type>_id` field (a
 * comment's replies by `comment_id`, a project's tasks by `project_id`), as a service deletes a
 * thread with its replies. One level: what names those is left as it is.
 */
import type { WorldState } from '../../domain/memory-log.js';
import { entitiesOf, fieldValue, valuesMatch } from '../../domain/world-query.js';
import { hasFieldNamed } from './field-names.js';

/**
 * The `{ type, id }` of each entity that names the deleted one by a `<type>_id` field.
 *
 * @example
 *   dependentsOf(world, 'comment', '451'); // [{ type: 'comment', id: '911' }] where comment 911 has comment_id '451'
 */
export function dependentsOf(world: WorldState, type: string, id: string): { type: string; id: string }[] {
  const field = `${type}_id`;
  const found: { type: string; id: string }[] = [];
  for (const other of Object.keys(world.entities)) {
    // Field names are counted per type (field-names.ts): a type without the field is not scanned.
    if (!hasFieldNamed(world, other, field)) continue;
    for (const entity of entitiesOf(world, other))
      if (!(other === type && entity.id === id) && valuesMatch(fieldValue(entity.fields, field), id))
        found.push({ type: other, id: entity.id });
  }
  return found;
}
