import { createSchemaCompiler, describeSchemaError } from '../domain/json-schema.js';
import type { ToolDefinition } from '../domain/registry.js';

/** Checks tool arguments against the tool's inputSchema; returns a message naming the field and the rule, or null. */
export type ArgumentValidator = (toolDefinition: ToolDefinition, args: Record<string, unknown>) => string | null;

/**
 * Validators compiled once per inputSchema object (the definition objects are cached per registry
 * revision by the caller, so a changed registry compiles anew).
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
    return `Invalid arguments for ${toolDefinition.name}: ${describeSchemaError(compiled.validate.errors?.[0])}`;
  };
}
