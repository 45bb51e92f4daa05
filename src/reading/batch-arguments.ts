/**
 * The arguments that make a call act on many entities at once: a batch create's list of items
 * (`create_entities({ entities: [...] })`) and a list of the entity's ids (`issue_ids`). The
 * reading's answer kind (answer-kind.ts) and the simulator's batches (sim/stateful/world-batches.ts)
 * both ask here, so what explain calls a batch is what the simulator answers item by item.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { toNormalName } from '../domain/world-query.js';
import { toPlural } from './entity-words.js';
import { findIdArgument, type IdArgument, type Properties } from './tool-id-argument.js';
import type { ToolShape } from './tool-shape.js';

/** Whether an argument's name is that of a batch create's items: the entity's plural, `items`, or the `children` appended under a parent. */
export function namesBatchItems(shape: ToolShape, name: string): boolean {
  const normal = toNormalName(name);
  return normal === 'items' || normal === 'children' || normal === toNormalName(toPlural(shape.entity));
}

/**
 * Whether `name` carries a batch create's items: a tool with no id argument whose argument is
 * named for the items and is all it requires.
 *
 * @example
 *   isBatchItemsArgument(createEntities, shapes.get('create_entities')!, 'entities'); // true
 */
export function isBatchItemsArgument(tool: ToolDefinition, shape: ToolShape, name: string): boolean {
  if (shape.idArgument !== null || !namesBatchItems(shape, name)) return false;
  // A batch create takes its list alone: `push_files(owner, repo, branch, files)` makes one commit, not files of their own.
  const required: unknown[] = Array.isArray(tool.inputSchema.required) ? tool.inputSchema.required : [];
  // `append_block_children(block_id, children)`: children are appended under the parent the other argument names by its id.
  const underParent = (other: unknown) =>
    toNormalName(name) === 'children' && typeof other === 'string' && /(?:^|[a-z_])(?:id|Id|ID)$/.test(other);
  return required.every((other) => other === name || underParent(other));
}

/** Names of an argument holding a list of the entity's ids: `ids`, `issue_ids`, `issueKeys`, `numbers`. */
export function idListNames(shape: ToolShape): Set<string> {
  const entity = toNormalName(shape.entity);
  const field = toNormalName(shape.idField);
  return new Set([
    'ids',
    'names',
    // `identifiers: ["ENG-78", "ENG-79"]`: the word for what names a record, as `ids` is.
    'identifiers',
    `${entity}ids`,
    `${entity}identifiers`,
    `${entity}names`,
    `${field}s`,
    `${entity}${field}s`,
    `${entity}keys`,
    `${entity}numbers`,
  ]);
}

/**
 * The list of objects an update or a delete with no id of its own acts on, each item naming one
 * entity: `contacts.bulkUpdate(updates: [{ contactId, fields }])` updates each contact its item
 * names, `delete_relations(relations: [...])` deletes each relation. An array of objects whose
 * items carry the entity's id (as a single call's argument would), or one named for the entity's
 * plural (`relations`). The id argument it returns is the list; `field` is the items' id field.
 *
 * @example
 *   itemsIdArgument(properties, ['contact'], entities); // { name: 'updates', field: 'id', strong: true }
 */
export function itemsIdArgument(properties: Properties, entityWords: readonly string[], entities: ReadonlySet<string>): IdArgument | null {
  for (const [name, schema] of Object.entries(properties)) {
    // `delete_objects(Delete: { Objects: [{ Key }], Quiet })`: the list sits in an object that wraps the request.
    const list = wrappedList(schema);
    if (list !== null) {
      const inner = itemsIdArgument({ [list]: (schema.properties as Properties)[list]! }, entityWords, entities);
      if (inner) return { ...inner, name };
      continue;
    }
    const items = schema.items as Record<string, unknown> | undefined;
    if (schema.type !== 'array' || items?.type !== 'object' || typeof items.properties !== 'object' || items.properties === null) continue;
    const itemProperties = items.properties as Properties;
    const itemRequired = new Set(Array.isArray(items.required) ? (items.required as string[]) : Object.keys(itemProperties));
    const named = findIdArgument('update', entityWords, itemProperties, itemRequired, entities);
    if (named?.strong) return { name, field: named.field, strong: true };
    if (toNormalName(name) === toNormalName(toPlural(entityWords.join('_')))) return { name, field: 'id', strong: true };
  }
  return null;
}

/** The one list property of an object schema that wraps it (`Delete: { Objects: [...], Quiet }`), or null. */
export function wrappedList(schema: Record<string, unknown>): string | null {
  if (schema.type !== 'object' || typeof schema.properties !== 'object' || schema.properties === null) return null;
  const lists = Object.entries(schema.properties as Properties).filter(([, inner]) => inner.type === 'array');
  return lists.length === 1 ? lists[0]![0] : null;
}

/**
 * The list a batch's id argument holds: the argument itself, or the list inside an object that
 * wraps it where the argument's schema says so (`{ Objects: [{ Key: 'a' }], Quiet: true }`, as
 * `itemsIdArgument` read it); undefined for one id.
 *
 * @example
 *   toBatchList({ Objects: [{ Key: 'a.txt' }] }, deleteSchema); // [{ Key: 'a.txt' }]
 */
export function toBatchList(value: unknown, schema: Record<string, unknown> | undefined): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  const list = schema === undefined ? null : wrappedList(schema);
  if (list === null || value === null || typeof value !== 'object') return undefined;
  const inner = (value as Record<string, unknown>)[list];
  return Array.isArray(inner) ? inner : undefined;
}
