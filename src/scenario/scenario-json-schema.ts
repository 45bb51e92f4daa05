import { z } from 'zod';
import { scenarioSchema } from './scenario-schema.js';

/** Where the committed schema lives, relative to the project; scenario files point at it with `$schema`. */
export const scenarioJsonSchemaPath = 'scenarios/scenario.schema.json';

/**
 * The JSON Schema (draft 2020-12) of a scenario file, generated from `scenarioSchema`, for editors'
 * completion and hints. It describes what a person writes (`io: 'input'`), so fields with defaults
 * are optional. `scenarios/scenario.schema.json` is this, written by `npm run scenario:schema`.
 *
 * @example
 *   // in a scenario file, for yaml-language-server:
 *   // # yaml-language-server: $schema=./scenario.schema.json
 *   const schema = toScenarioJsonSchema();
 */
export function toScenarioJsonSchema(): Record<string, unknown> {
  const generated = z.toJSONSchema(scenarioSchema, { io: 'input', target: 'draft-2020-12', unrepresentable: 'throw' }) as Record<
    string,
    unknown
  >;
  const { $schema, ...rest } = generated;
  return { $schema, $id: 'https://mcpsim.dev/schemas/scenario.schema.json', title: 'mcpsim scenario', ...rest };
}

/** The text of the committed file: two-space JSON with a final newline, so diffs stay small. */
export function toScenarioJsonSchemaText(): string {
  return `${JSON.stringify(toScenarioJsonSchema(), null, 2)}\n`;
}
