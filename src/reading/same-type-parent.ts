/**
 * A parent of the tool's own type, named by `parent` and the type's word: `create_tag(parentTagName)`,
 * `create_folder(parent_folder_id)`, `linear_convertIssueToSubtask(issueId, parentIssueId)`. Services that keep a
 * tree of one type (folders in folders, tags under tags, sub-issues under issues, Google AIP's
 * `parent` of a nested resource) name the node above by the word `parent`, the type's own noun and an
 * id or name ending; a bare `parent`/`parentId` is read by tool-parents.ts. Read by tool-parents.ts
 * for arguments no other rule read. Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import type { ToolShape } from './tool-shape.js';
import { toFullEntityWord, toSingular, toWords } from './entity-words.js';

/** Endings that make `parent<Type><ending>` name the parent node: by its id or by its name. */
const endings = new Set(['id', 'uuid', 'uid', 'gid', 'key', 'name', 'title', 'path', 'ref']);

/** An argument that names a parent of the tool's own type, and whether it is a real id (not a name or path). */
export interface SameTypeParent {
  argument: string;
  entity: string;
  strong: boolean;
}

/**
 * The arguments of a tool spelled `parent` + the entity's word (or its head word) + an id or name ending.
 *
 * @example
 *   toSameTypeParents(createTag, shapes.get('create_tag')!, []); // [{ argument: 'parentTagName', entity: 'tag', strong: false }]
 */
export function toSameTypeParents(tool: ToolDefinition, shape: ToolShape, found: readonly { argument: string }[]): SameTypeParent[] {
  const own = toWords(shape.entity).map((word) => toFullEntityWord(toSingular(word)));
  const parents: SameTypeParent[] = [];
  for (const [argument, schema] of Object.entries(tool.inputSchema.properties ?? {})) {
    const type = (schema as { type?: unknown } | null)?.type;
    if (argument === shape.idArgument || found.some((reference) => reference.argument === argument)) continue;
    if (type !== 'string' && type !== 'integer' && type !== 'number') continue;
    const words = toWords(argument);
    const ending = words.at(-1)!;
    if (words[0] !== 'parent' || words.length < 3 || !endings.has(ending)) continue;
    const noun = words.slice(1, -1).map((word) => toFullEntityWord(toSingular(word)));
    if (noun.join('_') === own.join('_') || (noun.length === 1 && noun[0] === own.at(-1)))
      parents.push({ argument, entity: shape.entity, strong: ['id', 'uuid', 'uid', 'gid', 'key'].includes(ending) });
  }
  return parents;
}
