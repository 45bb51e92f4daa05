/**
 * A tool that moves one field of an entity through the values its enum offers, named for the
 * field: `deals.moveStage(dealId, stage: lead | won | lost)` moves the deal's `stage`,
 * `set_ticket_priority(ticket_id, priority: low | high)` sets the ticket's `priority`. The name's
 * last word is the field, not the entity: the entity is the one the other argument's id names
 * (`dealId` → deal, where the name or another tool speaks of deals), and the answer is a transition
 * that writes the value given.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { toNormalName } from '../domain/world-query.js';
import { toSingular, toWords } from './entity-words.js';
import { propertiesOf, requiredOf } from './tool-id-argument.js';
import type { ToolShape } from './tool-shape.js';

const idSuffixes = new Set(['id', 'key', 'number']);

/**
 * The required enum argument an update's name ends with (`stage` of `moveStage`), or undefined.
 *
 * @example
 *   movedField(moveStage, shapes.get('deals.moveStage')!); // 'stage'
 */
export function movedField(tool: ToolDefinition, shape: ToolShape): string | undefined {
  if (shape.operation !== 'update') return undefined;
  const last = toWords(tool.name).at(-1);
  const properties = propertiesOf(tool);
  return [...requiredOf(tool)].find(
    (name) => name !== shape.idArgument && toNormalName(name) === last && isNamedStates(properties[name]?.enum),
  );
}

/** An enum of named states (`lead | won`); a numbered one (`priority: 0 | 1 | 2`) is a level set like any value. */
function isNamedStates(values: unknown): boolean {
  return Array.isArray(values) && values.length > 0 && values.every((value) => typeof value === 'string');
}

/**
 * The shape of an update read as acting on its field's name (`stage`) turned to the entity whose
 * id it is given (`deal` by `dealId`), or the shape itself.
 *
 * @example
 *   withMovedField(shape, moveStage, new Set(['deal'])); // { ...shape, entity: 'deal', idArgument: 'dealId' }
 */
export function withMovedField(shape: ToolShape, tool: ToolDefinition, entities: ReadonlySet<string>): ToolShape {
  const properties = propertiesOf(tool);
  // `stage` of `deals.moveStage`, or `ticket_priority` of `set_ticket_priority`: the entity read ends with the field.
  const field = Object.keys(properties).find((name) => toNormalName(name) === shape.entity.split('_').at(-1));
  if (shape.operation !== 'update' || field === undefined || movedField(tool, { ...shape, idArgument: null }) !== field) return shape;
  const nameWords = new Set(toWords(tool.name).map(toSingular));
  for (const [name, schema] of Object.entries(properties)) {
    const words = toWords(name);
    const suffix = words.at(-1)!;
    const stem = words.slice(0, -1).map(toSingular).join('_');
    if (name === field || words.length < 2 || !idSuffixes.has(suffix) || !(nameWords.has(stem) || entities.has(stem))) continue;
    const numericId = schema.type === 'integer' || schema.type === 'number';
    return {
      ...shape,
      entity: stem,
      idArgument: name,
      idField: suffix === 'key' ? 'key' : suffix === 'number' ? 'number' : 'id',
      numericId,
    };
  }
  return shape;
}
