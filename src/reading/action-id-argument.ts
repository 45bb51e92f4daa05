/**
 * The entity a dispatching action names: `tags(action, hostName)` "Actions: list, get, add,
 * update, delete", `news(action, id)` "detail — full article content. Requires: id". A tool whose
 * one string argument picks what it does, with no choices the schema lists, is read as another
 * action; but the argument its descriptions say some actions require, named as a read's id
 * argument would be (`id`, `<entity>_id`, `key`, a `name`), is the one entity those actions act
 * on. Read as a read would read it, not strong: an unknown value is made up, never a not-found,
 * since the actions that do not name one (`list`) take none. Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import type { ToolShape } from './tool-shape.js';
import { findIdArgument, propertiesOf, requiredOf } from './tool-id-argument.js';

/** Names of an argument that picks what a tool does per call. */
const dispatchNames = new Set(['action', 'operation', 'op', 'method', 'command']);
/** A description saying which of the actions must be given the argument: "required for get/update", "REQUIRED for detail". */
const requiredForSome = /\b(?:required|requires?)\s+(?:for|by|when|with)\b/i;

/**
 * The shapes with each unnamed dispatching action's id argument read.
 *
 * @example
 *   withActionIdArguments(tools, shapes).get('news')!.idArgument; // 'id' where news(action, id "REQUIRED for detail. News article ID")
 */
export function withActionIdArguments(tools: readonly ToolDefinition[], shapes: Map<string, ToolShape>): Map<string, ToolShape> {
  const entities = new Set([...shapes.values()].map((shape) => shape.entity));
  for (const tool of tools) {
    const shape = shapes.get(tool.name);
    if (!shape || shape.operation !== 'other' || shape.idArgument !== null) continue;
    const properties = propertiesOf(tool);
    const required = requiredOf(tool);
    const picker = Object.keys(properties).find(
      (name) => dispatchNames.has(name.toLowerCase()) && required.has(name) && properties[name]?.type === 'string',
    );
    if (picker === undefined) continue;
    const { [picker]: _picked, ...rest } = properties;
    // What some actions must be given counts as given: the one entity those actions name.
    const given = new Set(
      Object.keys(rest).filter((name) => required.has(name) || requiredForSome.test(String(rest[name]?.description ?? ''))),
    );
    const found = findIdArgument('read', shape.entity.split('_'), rest, given, entities);
    if (found === null) continue;
    const schema = rest[found.name];
    shapes.set(tool.name, {
      ...shape,
      idArgument: found.name,
      idField: found.field,
      numericId: schema?.type === 'integer' || schema?.type === 'number',
      strict: false,
    });
  }
  return shapes;
}
