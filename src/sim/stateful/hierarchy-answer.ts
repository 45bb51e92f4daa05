/**
 * A hierarchy read answered as the tree of what the world holds: `get_workspace_hierarchy`
 * "(spaces, folders, lists)" shows each space with its folders, each folder with its lists, where
 * it answered one made-up `{ id: 'workspace_hierarchy' }`. A thing lies under the one of the level
 * above whose id it holds (`folderId`); one that names none, or a level skipped, shows at the top
 * under its plural. Only when the world holds some of the levels (reading/hierarchy-levels.ts).
 */
import type { WorldState } from '../../domain/memory-log.js';
import type { ToolDefinition } from '../../domain/registry.js';
import { toPlural, toWords } from '../../reading/entity-words.js';
import { toHierarchyLevels } from '../../reading/hierarchy-levels.js';
import type { Answer } from './world-conventions.js';

type Fields = Record<string, unknown>;

/**
 * The tree answer of a hierarchy read, or null when the tool is none or the world holds none of its levels.
 *
 * @example
 *   toHierarchyAnswer(getWorkspaceHierarchy, world); // { value: { spaces: [{ id, name, folders: [{ id, name, lists: [...] }] }] } }
 */
export function toHierarchyAnswer(tool: ToolDefinition, world: WorldState): Answer | null {
  const levels = toHierarchyLevels(tool);
  if (!levels.some((level) => Object.keys(world.entities[level] ?? {}).length > 0)) return null;
  const placed = new Set<Fields>();
  const childrenOf = (index: number, parentId: string | null): Fields[] => {
    const level = levels[index];
    if (level === undefined) return [];
    const parent = levels[index - 1];
    const holds = (fields: Fields) => parent !== undefined && parentId !== null && parentOf(fields, parent) === parentId;
    return Object.entries(world.entities[level] ?? {})
      .filter(([, fields]) => (parentId === null ? true : holds(fields)))
      .map(([id, fields]) => {
        placed.add(fields);
        const below = levels[index + 1];
        const children = below === undefined ? [] : childrenOf(index + 1, id);
        return below === undefined || children.length === 0 ? { ...fields } : { ...fields, [toPlural(below)]: children };
      });
  };
  const tree: Record<string, Fields[]> = {};
  const top = childrenOf(0, null);
  if (top.length > 0) tree[toPlural(levels[0]!)] = top;
  // Then whatever no level above held (a list in no folder sits beside the spaces), with what it holds.
  levels.forEach((level, index) => {
    if (index === 0) return;
    const loose = Object.entries(world.entities[level] ?? {}).filter(([, fields]) => !placed.has(fields));
    const shown = loose.map(([id, fields]) => {
      placed.add(fields);
      const below = levels[index + 1];
      const children = below === undefined ? [] : childrenOf(index + 1, id);
      return below === undefined || children.length === 0 ? { ...fields } : { ...fields, [toPlural(below)]: children };
    });
    if (shown.length > 0) tree[toPlural(level)] = shown;
  });
  return { value: tree };
}

/** The id a thing holds of its parent at `parent`'s level (`folderId`, `folder_id`), if any. */
function parentOf(fields: Fields, parent: string): string | undefined {
  const wanted = `${toWords(parent).join('')}id`;
  for (const [name, value] of Object.entries(fields)) if (name.toLowerCase().replace(/_/g, '') === wanted) return String(value);
  return undefined;
}
