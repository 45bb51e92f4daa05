/**
 * Tool definitions written for the reading's unit tests, one way: a name, its arguments (all
 * required) and a description. Test support only: `tsconfig.build.json` leaves `*.test-support.ts`
 * out of `dist/`, and nothing but tests imports it.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { inferServerShapes } from './tool-operation.js';

export const tool = (name: string, properties: Record<string, Record<string, unknown>> = {}, description = ''): ToolDefinition => ({
  name,
  description,
  inputSchema: { type: 'object', properties, required: Object.keys(properties) },
});

export const text = { type: 'string' };

/** The entity each tool of a server is read as acting on, by tool name. */
export const entities = (tools: ToolDefinition[]) =>
  Object.fromEntries([...inferServerShapes(tools)].map(([name, shape]) => [name, shape.entity]));
