/**
 * The arguments that make a call act on many entities at once: a batch create's list of items
 * (`create_entities({ entities: [...] })`) and a list of the entity's ids (`issue_ids`). The
 * reading's answer kind (answer-kind.ts) and the simulator's batches (sim/stateful/world-batches.ts)
 * both ask here, so what explain calls a batch is what the simulator answers item by item.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { toNormalName } from '../domain/world-query.js';
import { toPlural } from './entity-words.js';
import type { ToolShape } from './tool-shape.js';

/** Whether an argument's name is that of a batch create's items: the entity's plural, or `items`. */
export function namesBatchItems(shape: ToolShape, name: string): boolean {
  const normal = toNormalName(name);
  return normal === 'items' || normal === toNormalName(toPlural(shape.entity));
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
  const required = Array.isArray(tool.inputSchema.required) ? tool.inputSchema.required : [];
  return required.every((other) => other === name);
}

/** Names of an argument holding a list of the entity's ids: `ids`, `issue_ids`, `issueKeys`, `numbers`. */
export function idListNames(shape: ToolShape): Set<string> {
  const entity = toNormalName(shape.entity);
  const field = toNormalName(shape.idField);
  return new Set([
    'ids',
    'names',
    `${entity}ids`,
    `${entity}names`,
    `${field}s`,
    `${entity}${field}s`,
    `${entity}keys`,
    `${entity}numbers`,
  ]);
}
