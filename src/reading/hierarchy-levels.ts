/**
 * The levels a hierarchy read names: `get_workspace_hierarchy` "Gets complete workspace hierarchy
 * (spaces, folders, lists)" reads the containers space > folder > list, top first. A tool is such a
 * read when its name says hierarchy, tree or structure, it requires no argument, and its
 * description lists the plural levels in parentheses or after the word (`hierarchy of spaces,
 * folders and lists`). Scenarios seed the levels a description names (described-world.ts), and
 * the simulator answers the read as a tree of them (sim/stateful/hierarchy-answer.ts). Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { toSingular, toWords } from './entity-words.js';
import type { WorldState } from '../domain/memory-log.js';

const treeWords = new Set(['hierarchy', 'tree', 'structure']);

/**
 * The levels, top first, of a hierarchy read; an empty list for any other tool.
 *
 * @example
 *   toHierarchyLevels(getWorkspaceHierarchy); // ['space', 'folder', 'list']
 */
export function toHierarchyLevels(tool: ToolDefinition): string[] {
  if (!toWords(tool.name).some((word) => treeWords.has(word))) return [];
  const required = (tool.inputSchema as { required?: unknown }).required;
  if (Array.isArray(required) && required.length > 0) return [];
  const description = tool.description ?? '';
  const listed =
    /\b(?:hierarchy|tree|structure)\b[^(.]{0,30}\(([a-z\s,/&>-]+(?:and\s+[a-z]+)?)\)/i.exec(description)?.[1] ??
    /\b(?:hierarchy|tree|structure)\s+of\s+([a-z]+(?:\s*(?:,|>|and|&)\s*[a-z]+){1,5})/i.exec(description)?.[1];
  if (listed === undefined) return [];
  const levels = listed
    .split(/\s*(?:,|>|&|\/|\band\b)\s*/i)
    .map((word) => word.trim().toLowerCase())
    .filter((word) => /^[a-z]+s$/.test(word))
    .map(toSingular);
  return levels.length >= 2 ? [...new Set(levels)] : [];
}

/** The levels of the first hierarchy read among `tools`, or an empty list. */
export function toServerHierarchy(tools: readonly ToolDefinition[]): string[] {
  for (const tool of tools) {
    const levels = toHierarchyLevels(tool);
    if (levels.length > 0) return levels;
  }
  return [];
}

/**
 * `one space, "Engineering", with a folder "Platform"`: where a level of a hierarchy holds one
 * thing, what the level below holds lies in it (`spaceId` on the folder), unless it names a parent.
 */
export function linkLevels(levels: readonly string[], entities: WorldState['entities']): void {
  levels.forEach((level, index) => {
    const parent = levels[index - 1];
    const above = parent === undefined ? [] : Object.keys(entities[parent] ?? {});
    if (parent === undefined || above.length !== 1) return;
    const field = `${toWords(parent)
      .join('_')
      .replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase())}Id`;
    for (const fields of Object.values(entities[level] ?? {}))
      if (!Object.keys(fields).some((name) => name.toLowerCase().replace(/_/g, '') === field.toLowerCase())) fields[field] = above[0];
  });
}
