/**
 * The one JSON Schema validator of mcpsim: tool arguments, model output and scenario expectations
 * are all checked by it, so the simulator and `mcpsim test` can never disagree about a schema.
 */
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { ajvPackage } from './lazy-packages.js';

export type JsonSchema = Record<string, unknown>;

/** A schema compiled for checking values, or why it could not be compiled. */
export type CompiledSchema = { ok: true; validate: ValidateFunction } | { ok: false; problem: string };

export interface SchemaCompiler {
  /** Compiles `schema` once per schema object (later calls return the same result). */
  compile(schema: JsonSchema): CompiledSchema;
}

/**
 * Both dialects tools use, with formats on: a schema that names draft 2020-12 (the MCP default),
 * or names no dialect, is compiled as 2020-12; one that names an older draft, or that only an
 * older draft accepts (array-form `items`), as draft-07.
 *
 * @example
 *   const compiler = createSchemaCompiler();
 *   const compiled = compiler.compile({ type: 'object', required: ['id'] });
 *   if (compiled.ok && !compiled.validate({})) describeSchemaError(compiled.validate.errors![0]); // 'id is required'
 */
export function createSchemaCompiler({ allErrors = false }: { allErrors?: boolean } = {}): SchemaCompiler {
  const options = { strict: false, allErrors, logger: false } as const;
  let draft2020: Ajv2020 | undefined;
  let draft07: Ajv | undefined;
  let lenient: Ajv | undefined;
  const compiled = new WeakMap<JsonSchema, CompiledSchema>();

  function compileWith(schema: JsonSchema): CompiledSchema {
    const dialect = typeof schema.$schema === 'string' ? schema.$schema : '';
    const { $schema: _dialect, ...body } = schema;
    const older = /draft-0[3-7]/.test(dialect);
    const ajv = ajvPackage();
    try {
      if (!older) return { ok: true, validate: (draft2020 ??= ajv.addFormats(new ajv.Ajv2020(options))).compile(body) };
    } catch {
      // Not valid 2020-12 (e.g. array-form items): try draft-07, which most tools were written against.
    }
    let problem: string;
    try {
      return { ok: true, validate: (draft07 ??= ajv.addFormats(new ajv.Ajv(options))).compile(body) };
    } catch (error) {
      problem = (error as Error).message;
    }
    // A real server's schema that breaks a rule of the meta-schema its own validator never checks (Vapi's voice
    // providers list one value twice in an enum) still checks calls, as the server does.
    try {
      return { ok: true, validate: (lenient ??= ajv.addFormats(new ajv.Ajv({ ...options, validateSchema: false }))).compile(body) };
    } catch {
      return { ok: false, problem };
    }
  }

  return {
    compile(schema) {
      let result = compiled.get(schema);
      if (!result) compiled.set(schema, (result = compileWith(schema)));
      return result;
    },
  };
}

/**
 * One validation error in words that name the field and the rule: `title is required`,
 * `durationMinutes must be integer`, `state must be equal to one of the allowed values (open, closed)`.
 */
export function describeSchemaError(error: ErrorObject | undefined, root = 'arguments'): string {
  if (!error) return `${root} do not match the schema`;
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  const field = (extra?: string) => [...path, ...(extra === undefined ? [] : [extra])].join('.') || root;
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
