import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { WorldChanges, WorldEntity } from '../../domain/memory-log.js';
import { findJsonLimitBreach, toBreachMessage } from '../../domain/json-limits.js';
import { createSchemaCompiler, describeSchemaError } from '../../domain/json-schema.js';
import type { ToolDefinition } from '../../domain/registry.js';

/**
 * What the model must return for one tool call. Made for OpenAI's strict structured outputs:
 * every field required, no open records (`additionalProperties: false` everywhere), nullable
 * instead of optional. Free-form objects (structuredContent, entity fields) travel as JSON text,
 * because strict mode cannot describe an object with arbitrary keys.
 */
export const modelOutputSchema = z.strictObject({
  text: z.string().describe('The text content the real server returns (often JSON text).'),
  structuredContentJson: z
    .string()
    .nullable()
    .describe(
      "JSON text of the result's structuredContent object, valid against the tool's outputSchema; null when the tool has none or the call failed.",
    ),
  isError: z.boolean().describe('true when the real server would report this call as failed.'),
  changes: z
    .strictObject({
      upserts: z
        .array(
          z.strictObject({
            type: z.string().describe('Kind of entity, e.g. "issue".'),
            id: z.string().describe('Its id as the tools show it.'),
            fieldsJson: z.string().describe('JSON text of an object: the fields to set (null removes a field).'),
          }),
        )
        .describe('Entities this call creates, modifies or shows for the first time.'),
      deletes: z.array(z.strictObject({ type: z.string(), id: z.string() })).describe('Entities this call removes.'),
      facts: z.array(z.string()).describe('New facts about the world, as short sentences.'),
    })
    .describe('What the call changes in the world; empty lists when nothing changes.'),
});

export type ModelOutput = z.infer<typeof modelOutputSchema>;

export type ReadOutput = { ok: true; result: CallToolResult; worldChanges: WorldChanges } | { ok: false; problem: string };

/** Checks structuredContent against a tool's outputSchema: a message saying what is wrong, or null. */
export type StructuredContentValidator = (toolDefinition: ToolDefinition, value: Record<string, unknown>) => string | null;

/**
 * Validators compiled once per tool definition object. A schema that does not compile is the
 * registry's fault, not the model's: such results pass unchecked.
 */
export function createStructuredContentValidator(): StructuredContentValidator {
  const schemas = createSchemaCompiler();
  return (toolDefinition, value) => {
    if (!toolDefinition.outputSchema) return null;
    const compiled = schemas.compile(toolDefinition.outputSchema);
    if (!compiled.ok || compiled.validate(value)) return null;
    return `structuredContent does not match the outputSchema of ${toolDefinition.name}: ${describeSchemaError(compiled.validate.errors?.[0], 'structuredContent')}`;
  };
}

let sharedValidator: StructuredContentValidator | undefined;

/**
 * Turns the model's answer into a CallToolResult and WorldChanges, or says why the answer is unusable
 * (bad JSON text, structuredContent missing or not matching the outputSchema): the caller retries.
 *
 * @example
 *   const read = toResolution(response.output, toolDefinition);
 *   if (!read.ok) retryBecause(read.problem);
 */
export function toResolution(output: ModelOutput, toolDefinition: ToolDefinition, validator?: StructuredContentValidator): ReadOutput {
  const validate = validator ?? (sharedValidator ??= createStructuredContentValidator());
  let structuredContent: Record<string, unknown> | undefined;
  if (output.structuredContentJson !== null && output.structuredContentJson.trim() !== '') {
    const parsed = parseObject(output.structuredContentJson);
    if (typeof parsed === 'string') return { ok: false, problem: `structuredContentJson ${parsed}` };
    structuredContent = parsed;
  }
  if (!output.isError) {
    if (toolDefinition.outputSchema && !structuredContent) {
      return {
        ok: false,
        problem: `structuredContentJson is null but ${toolDefinition.name} has an outputSchema, so a successful result needs structuredContent`,
      };
    }
    const problem = structuredContent ? validate(toolDefinition, structuredContent) : null;
    if (problem) return { ok: false, problem };
  }

  const upserts: WorldEntity[] = [];
  for (const [index, upsert] of output.changes.upserts.entries()) {
    const fields = parseObject(upsert.fieldsJson);
    if (typeof fields === 'string') return { ok: false, problem: `changes.upserts.${index}.fieldsJson ${fields}` };
    upserts.push({ type: upsert.type, id: upsert.id, fields });
  }

  const text = output.text === '' && structuredContent ? JSON.stringify(structuredContent) : output.text;
  const result: CallToolResult = {
    content: [{ type: 'text', text }],
    ...(structuredContent ? { structuredContent } : {}),
    ...(output.isError ? { isError: true } : {}),
  };
  // A failed call changes no entity, whatever the model listed; it may teach a fact ("issue 999 does not exist").
  const worldChanges: WorldChanges = {
    upserts: output.isError ? [] : upserts,
    deletes: output.isError ? [] : output.changes.deletes.map(({ type, id }) => ({ type, id })),
    facts: [...output.changes.facts],
  };
  return { ok: true, result, worldChanges };
}

/** The object a JSON text holds, or what is wrong with it (a model is a door too: its JSON meets the nesting policy). */
function parseObject(text: string): Record<string, unknown> | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return `is not valid JSON (${(error as Error).message}): ${text.slice(0, 80)}`;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return `must hold a JSON object, not ${JSON.stringify(value)?.slice(0, 80)}`;
  const breach = findJsonLimitBreach(value);
  if (breach) return `breaks the JSON policy: ${toBreachMessage(breach, 'value')}`;
  return value as Record<string, unknown>;
}
