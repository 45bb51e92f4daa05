import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { ToolDefinition } from '../domain/registry.js';

// ajv-formats is CommonJS: under nodenext its default import is the module object.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/** Checks tool arguments against the tool's inputSchema; returns a message naming the field and the rule, or null. */
export type ArgumentValidator = (toolDefinition: ToolDefinition, args: Record<string, unknown>) => string | null;

/**
 * Validators compiled once per tool definition (the definition objects are cached per registry
 * revision by the caller, so a changed registry compiles anew).
 */
export function createArgumentValidator(): ArgumentValidator {
  const ajv = addFormats(new Ajv({ strict: false, allErrors: false }));
  const compiled = new WeakMap<ToolDefinition, ValidateFunction | string>();

  function compile(toolDefinition: ToolDefinition): ValidateFunction | string {
    const cached = compiled.get(toolDefinition);
    if (cached) return cached;
    let validator: ValidateFunction | string;
    try {
      // The dialect line is dropped: tools declare draft-07 and 2020-12 alike, and ajv's default handles what tools use.
      const { $schema: _dialect, ...schema } = toolDefinition.inputSchema;
      validator = ajv.compile(schema);
    } catch (error) {
      validator = `the inputSchema of ${toolDefinition.name} cannot be compiled (${(error as Error).message}); fix it in the registry entry`;
    }
    compiled.set(toolDefinition, validator);
    return validator;
  }

  return (toolDefinition, args) => {
    const validator = compile(toolDefinition);
    if (typeof validator === 'string') return validator;
    if (validator(args)) return null;
    return `Invalid arguments for ${toolDefinition.name}: ${describeError(validator.errors?.[0])}`;
  };
}

function describeError(error: ErrorObject | undefined): string {
  if (!error) return 'they do not match the inputSchema';
  const path = error.instancePath.split('/').slice(1).map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  const field = (extra?: string) => [...path, ...(extra === undefined ? [] : [extra])].join('.') || 'arguments';
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${field(String(params.missingProperty))} is required`;
    case 'additionalProperties':
      return `${field(String(params.additionalProperty))} is not a known property`;
    case 'enum':
      return `${field()} ${error.message} (${(params.allowedValues as unknown[]).map((value) => (typeof value === 'string' ? value : JSON.stringify(value))).join(', ')})`;
    default:
      return `${field()} ${error.message ?? 'is invalid'}`;
  }
}
