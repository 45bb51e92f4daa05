/**
 * A described child placed in a parent is in that parent's own parents too: in `The board "Website
 * Relaunch" has three groups: "This Sprint", … In "This Sprint": item "Design new homepage"`, the
 * item lies in the group, and so on the board the group lies on. Where the child's type takes a
 * key of that board too (`create_item(boardId, groupId)`), it gets the value the group holds
 * under that same key (`boardId: '1'`), so a list by board finds it as a list by group does. Pure.
 */
import { toParentKeys } from './parent-keys.js';
import type { ServiceModel } from './read-server.js';
import type { WorldState } from '../domain/memory-log.js';

/**
 * Fills, in place, each seeded entity's parent keys that its parent holds under the same name.
 *
 * @example
 *   withAncestorKeys(model, { group: { g1: { id: 'g1', boardId: '1' } }, item: { '1': { id: 1, groupId: 'g1' } } });
 *   // the item now holds boardId: '1'
 */
export function withAncestorKeys(model: Pick<ServiceModel, 'entityTypes' | 'tools' | 'shapes'>, entities: WorldState['entities']): void {
  for (const [type, byId] of Object.entries(entities)) {
    const parents = toParentKeys(model, type);
    if (parents.length < 2) continue;
    const keys = parents.flatMap((parent) => [...parent.idArguments, ...parent.nameArguments]);
    for (const fields of Object.values(byId))
      for (const parent of parents)
        for (const argument of parent.idArguments) {
          const held = fields[argument];
          const record = typeof held === 'string' || typeof held === 'number' ? entities[parent.type]?.[String(held)] : undefined;
          if (record === undefined) continue;
          for (const key of keys) if (!Object.hasOwn(fields, key) && record[key] !== undefined) fields[key] = record[key];
        }
  }
}
