import { createSchemaCompiler, describeSchemaError } from '../domain/json-schema.js';
import type { ToolDefinition } from '../domain/registry.js';

/** Checks tool arguments against the tool's inputSchema; returns a message naming the field and the rule, or null. */
export type ArgumentValidator = (toolDefinition: ToolDefinition, args: Record<string, unknown>) => string | null;

/** How many nested fields a call may leave to its top-level arguments (one per round of validation). */
const maxFilled = 8;

/**
 * Validators compiled once per inputSchema object (the definition objects are cached per registry
 * revision by the caller, so a changed registry compiles anew).
 *
 * A required field of a nested object that the call gives at its top level
 * (`create_cycle({ project_id, cycle_data: { name } })` where `cycle_data` requires `project_id`)
 * is not missing: the server fills the body from the argument, as the real one does.
 *
 * @example
 *   createArgumentValidator()(tool, { title: 7 }); // 'Invalid arguments for create_issue: title must be string'
 */
export function createArgumentValidator(): ArgumentValidator {
  const schemas = createSchemaCompiler();
  return (toolDefinition, args) => {
    const compiled = schemas.compile(toolDefinition.inputSchema);
    if (!compiled.ok)
      return `the inputSchema of ${toolDefinition.name} cannot be compiled (${compiled.problem}); fix it in the registry entry`;
    if (compiled.validate(args)) return null;
    // The problem named is the first one the top-level arguments do not answer.
    let error = compiled.validate.errors?.[0];
    let filled: Record<string, unknown> | null = null;
    for (let round = 0; round < maxFilled; round++) {
      const missing = error?.keyword === 'required' ? (error.params as { missingProperty?: unknown }).missingProperty : undefined;
      if (!error || error.instancePath === '' || typeof missing !== 'string' || !Object.hasOwn(args, missing)) break;
      const next = withNested(filled ?? structuredClone(args), error.instancePath, missing, args[missing]);
      if (next === null) break;
      if (compiled.validate((filled = next))) return null;
      error = compiled.validate.errors?.[0];
    }
    return describe(toolDefinition, error);
  };
}

function describe(toolDefinition: ToolDefinition, error: Parameters<typeof describeSchemaError>[0]): string {
  return `Invalid arguments for ${toolDefinition.name}: ${describeSchemaError(error)}`;
}

/** The arguments with `name` set in the object at a JSON pointer (`/cycle_data`), or null when no object is there. */
function withNested(args: Record<string, unknown>, pointer: string, name: string, value: unknown): Record<string, unknown> | null {
  let target: unknown = args;
  for (const part of pointer.slice(1).split('/')) {
    if (target === null || typeof target !== 'object') return null;
    target = (target as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  if (target === null || typeof target !== 'object' || Array.isArray(target)) return null;
  (target as Record<string, unknown>)[name] = value;
  return args;
}
