/**
 * The arguments that name a type's parent, by its id and by its name: `create_task(listId?,
 * listName?)` names a list either way. Read from the parents the service model found (by id) and
 * the arguments the type's creates, lists and updates take that are the parent's word with `name`
 * or `title` (`listName`, `project_title`). A seeded child gets both (described-world.ts), and a
 * create given one gets the other from the world (sim/stateful/parent-key-fill.ts), so a list by
 * either key finds it. Pure.
 */
import { toWords } from './entity-words.js';
import type { ServiceModel } from './read-server.js';

/** One parent type of a type, with the arguments that name it by id and by name. */
export interface ParentKeys {
  type: string;
  idArguments: string[];
  nameArguments: string[];
}

const kept = new WeakMap<object, Map<string, ParentKeys[]>>();

/**
 * @example
 *   toParentKeys(model, 'task'); // [{ type: 'list', idArguments: ['listId'], nameArguments: ['listName'] }]
 */
export function toParentKeys(model: Pick<ServiceModel, 'entityTypes' | 'tools' | 'shapes'>, type: string): ParentKeys[] {
  let byType = kept.get(model);
  if (!byType) kept.set(model, (byType = new Map()));
  let keys = byType.get(type);
  if (keys) return keys;
  keys = [];
  for (const parent of model.entityTypes.get(type)?.parents ?? []) {
    if (parent.type === type) continue;
    let entry = keys.find((candidate) => candidate.type === parent.type);
    if (!entry) keys.push((entry = { type: parent.type, idArguments: [], nameArguments: [] }));
    const named = /(?:name|title)$/i.test(parent.argument) ? entry.nameArguments : entry.idArguments;
    if (!named.includes(parent.argument)) named.push(parent.argument);
  }
  for (const entry of keys) {
    const wanted = toWords(entry.type).join('_');
    for (const tool of model.tools) {
      const shape = model.shapes.get(tool.name);
      if (shape?.entity !== type || !['create', 'list', 'update'].includes(shape.operation)) continue;
      for (const name of Object.keys(tool.inputSchema.properties ?? {})) {
        const words = toWords(name);
        if (['name', 'title'].includes(words.at(-1)!) && words.slice(0, -1).join('_') === wanted && !entry.nameArguments.includes(name))
          entry.nameArguments.push(name);
      }
    }
  }
  byType.set(type, keys);
  return keys;
}
