/**
 * The id argument agreed with the entity a tool is finally read as: `get_board_classification(orgId,
 * teamId, boardId)` is read as acting on a board once the server's types are known
 * (server-types.ts), and the board is named by `boardId`, whatever argument the first reading took
 * for the classification. A read, update or delete whose entity has its own required id argument
 * (`<entity>Id`, `<entity>_id`, in the entity's words) is named by it, and so is an action on one
 * entity that the first reading found none for (`convertIssueToSubtask(issueId, parentIssueId)`,
 * read as an action on an issue). Failing an own id, an own key under another key word names it
 * (`tableName`, `tokenAddress`, `project_identifier`): APIs name a record by its natural key too
 * (Google's API design guide: a resource name is its collection's word and its key, whatever the key
 * is), and a blockchain names an account, contract or token by its address. Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import type { ToolShape } from './tool-shape.js';
import { toFullWord, toSingular, toWords } from './entity-words.js';
import { propertiesOf, requiredOf } from './tool-id-argument.js';
import { findDescribedKeyArgument } from './described-key-argument.js';
import { parseToolName, toCommonPrefix } from './tool-name.js';

/**
 * The shapes with each read, update or delete named by its entity's own required id argument, where it takes one.
 *
 * @example
 *   withOwnIdArguments(tools, shapes).get('get_board_classification')!.idArgument; // 'boardId' where it is read as a board
 */
export function withOwnIdArguments(tools: readonly ToolDefinition[], shapes: Map<string, ToolShape>): Map<string, ToolShape> {
  const prefix = toCommonPrefix(tools);
  for (const tool of tools) {
    const shape = shapes.get(tool.name);
    if (!shape || shape.dispatch || !['read', 'update', 'delete', 'other'].includes(shape.operation)) continue;
    // `ungroup_items(boardId, groupId)` read as an action on a group: the group it must be given is the one it acts on.
    if (shape.idArgument !== null && ownKeyOf(shape.idArgument, shape.entity) !== null) continue;
    const properties = propertiesOf(tool);
    const required = [...requiredOf(tool)].filter((name) => properties[name]?.type !== 'array');
    const own = required.find((name) => ownKeyOf(name, shape.entity) === 'id');
    if (own !== undefined) {
      const type = properties[own]?.type;
      shapes.set(tool.name, { ...shape, idArgument: own, idField: 'id', numericId: type === 'integer' || type === 'number' });
      continue;
    }
    // `get_table_schema(connectionId, tableName)` read as a read of a table, `get_erc20_token_info(tokenAddress)` as a read of a
    // token: the entity's own key, whichever key word it ends in, names it as `<entity>Id` would.
    const keyed = required.find((name) => ownKeyOf(name, shape.entity) !== null);
    if (keyed === undefined) {
      // `get_sitemap(feedpath "The URL of the actual sitemap")`: no name says which argument is the key, its description does.
      const described =
        shape.idArgument === null && shape.operation !== 'other'
          ? findDescribedKeyArgument(shape.entity.split('_'), properties, requiredOf(tool))
          : null;
      if (described !== null) shapes.set(tool.name, { ...shape, idArgument: described.name, idField: described.field, numericId: false });
      // `delete_cookie(name "Name of the cookie to delete")`: an update or delete read as another action for want of an id is
      // that update or delete once an argument is described as the entity's own key.
      const restored = shape.idArgument === null && shape.operation === 'other' ? toKeyedWrite(shape, tool, prefix) : null;
      if (restored !== null) shapes.set(tool.name, restored);
      continue;
    }
    const field = ownKeyOf(keyed, shape.entity)!;
    const type = properties[keyed]?.type;
    shapes.set(tool.name, { ...shape, idArgument: keyed, idField: field, numericId: type === 'integer' || type === 'number' });
  }
  return shapes;
}

/**
 * Key words an argument named for its entity may end in, and the field each names (`table_name` → `name`): the id words
 * tool-id-argument.ts reads (`uuid` and a `hash` are the record's `id`) and `address`, a chain's key of an account or contract.
 */
const keyFields: Readonly<Record<string, string>> = {
  id: 'id',
  uuid: 'id',
  uid: 'uid',
  iid: 'iid',
  number: 'number',
  key: 'key',
  name: 'name',
  slug: 'slug',
  identifier: 'identifier',
  handle: 'handle',
  hash: 'id',
  address: 'address',
  path: 'path',
};

/** The field an argument names when it is `<entity>_<key word>` in the entity's own words (`tableName` → `name`), else null. */
function ownKeyOf(argument: string, entity: string): string | null {
  const words = toWords(argument);
  const field = keyFields[words.at(-1) ?? ''];
  if (words.length < 2 || field === undefined) return null;
  const stem = words
    .slice(0, -1)
    .map((word) => toFullWord(toSingular(word)))
    .join('_');
  return stem === entity ? (words.at(-1) === 'id' ? 'id' : field) : null;
}

/** An update or delete its name says, named by the argument its description calls the entity's own key; else null. */
function toKeyedWrite(shape: ToolShape, tool: ToolDefinition, prefix: string | null): ToolShape | null {
  const meaning = parseToolName(tool.name, prefix).meaning;
  if (meaning?.operation !== 'update' && meaning?.operation !== 'delete') return null;
  // Only a key described as the entity's own ("Name of the cookie"): with no required set, never the one required key of anything.
  const described = findDescribedKeyArgument(shape.entity.split('_'), propertiesOf(tool), new Set());
  if (described === null) return null;
  const sets = meaning.operation === 'update' ? (meaning.sets ?? {}) : {};
  return { ...shape, operation: meaning.operation, sets, idArgument: described.name, idField: described.field, numericId: false };
}
