/**
 * Arguments an agent filled with nothing: schemas that mark every argument required (SonarQube's)
 * get `"projectId": ""` beside `"projectKey": "acme_web"`. For reading which entity a call names
 * and which entities a list selects, an empty string or a null is an argument not given.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { findIdArgument, propertiesOf, requiredOf } from './tool-id-argument.js';
import type { ToolShape } from './tool-operation.js';

/** Whether an argument value says nothing: `""` (blank too) or null. */
export function isAbsentValue(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/**
 * The arguments without those that say nothing.
 *
 * @example
 *   withoutAbsent({ projectId: '', projectKey: 'acme_web', branch: null }); // { projectKey: 'acme_web' }
 */
export function withoutAbsent(args: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(args).filter(([, value]) => !isAbsentValue(value)));
}

/**
 * The shape for a call whose id argument came empty: the id argument read again among the
 * arguments it did give (`projectKey` when `projectId` is `""`), with the field it stands for.
 * The shape as it is when its id argument has a value, or no other argument names the entity.
 *
 * @example
 *   toPresentShape(shape, tool, { projectId: '', projectKey: 'acme_web' }, entities).idArgument; // 'projectKey'
 */
export function toPresentShape(
  shape: ToolShape,
  tool: ToolDefinition,
  args: Readonly<Record<string, unknown>>,
  entities: ReadonlySet<string>,
): ToolShape {
  if (shape.idArgument === null || shape.operation === 'create' || !isAbsentValue(args[shape.idArgument])) return shape;
  const properties = Object.fromEntries(Object.entries(propertiesOf(tool)).filter(([name]) => !isAbsentValue(args[name])));
  const found = findIdArgument(shape.operation, shape.entity.split('_'), properties, requiredOf(tool), entities);
  if (!found) return shape;
  const schema = properties[found.name];
  return {
    ...shape,
    idArgument: found.name,
    idField: found.field,
    numericId: found.field === 'number' || schema?.type === 'integer' || schema?.type === 'number',
  };
}
