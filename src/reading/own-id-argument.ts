/**
 * The id argument agreed with the entity a tool is finally read as: `get_board_classification(orgId,
 * teamId, boardId)` is read as acting on a board once the server's types are known
 * (server-types.ts), and the board is named by `boardId`, whatever argument the first reading took
 * for the classification. A read, update or delete whose entity has its own required id argument
 * (`<entity>Id`, `<entity>_id`, in the entity's words) is named by it, and so is an action on one
 * entity that the first reading found none for (`convertIssueToSubtask(issueId, parentIssueId)`,
 * read as an action on an issue). Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import type { ToolShape } from './tool-shape.js';
import { toFullWord, toSingular, toWords } from './entity-words.js';
import { propertiesOf, requiredOf } from './tool-id-argument.js';

/**
 * The shapes with each read, update or delete named by its entity's own required id argument, where it takes one.
 *
 * @example
 *   withOwnIdArguments(tools, shapes).get('get_board_classification')!.idArgument; // 'boardId' where it is read as a board
 */
export function withOwnIdArguments(tools: readonly ToolDefinition[], shapes: Map<string, ToolShape>): Map<string, ToolShape> {
  for (const tool of tools) {
    const shape = shapes.get(tool.name);
    if (!shape || shape.dispatch || !['read', 'update', 'delete', 'other'].includes(shape.operation)) continue;
    // `ungroup_items(boardId, groupId)` read as an action on a group: the group it must be given is the one it acts on.
    if (shape.idArgument === null ? shape.operation !== 'other' : ownIdOf(shape.idArgument, shape.entity)) continue;
    const properties = propertiesOf(tool);
    const own = [...requiredOf(tool)].find((name) => ownIdOf(name, shape.entity) && properties[name]?.type !== 'array');
    if (own === undefined) continue;
    const type = properties[own]?.type;
    shapes.set(tool.name, { ...shape, idArgument: own, idField: 'id', numericId: type === 'integer' || type === 'number' });
  }
  return shapes;
}

/** Whether an argument is `<entity>_id`/`<entity>Id` in the entity's own words. */
function ownIdOf(argument: string, entity: string): boolean {
  const words = toWords(argument);
  if (words.length < 2 || words.at(-1) !== 'id') return false;
  return (
    words
      .slice(0, -1)
      .map((word) => toFullWord(toSingular(word)))
      .join('_') === entity
  );
}
