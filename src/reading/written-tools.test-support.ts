/**
 * Tool definitions written for the reading's unit tests, one way: a name, its arguments (all
 * required) and a description. Test support only: `tsconfig.build.json` leaves `*.test-support.ts`
 * out of `dist/`, and nothing but tests imports it.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { inferServerShapes } from './tool-operation.js';
import { toParentReferences } from './tool-parents.js';

export const tool = (name: string, properties: Record<string, Record<string, unknown>> = {}, description = ''): ToolDefinition => ({
  name,
  description,
  inputSchema: { type: 'object', properties, required: Object.keys(properties) },
});

export const text = { type: 'string' };

/** The entity each tool of a server is read as acting on, by tool name. */
export const entities = (tools: ToolDefinition[]) =>
  Object.fromEntries([...inferServerShapes(tools)].map(([name, shape]) => [name, shape.entity]));

/** The parents one tool of a server is read with, as `argument->type` (`?` after a weak one where `weak` asks). */
export function parentsOf(tools: ToolDefinition[], name: string, { weak = false } = {}): string[] {
  const shapes = inferServerShapes(tools);
  return toParentReferences(
    tools.find((candidate) => candidate.name === name)!,
    shapes.get(name)!,
    shapes,
  ).map((reference) => `${reference.argument}->${reference.entity}${weak && !reference.strong ? '?' : ''}`);
}
