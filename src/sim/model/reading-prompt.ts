/**
 * What a model is asked when it reads a server once for `mcpsim explain --model`: the tools of one
 * batch with the rules' reading of each, and the entity types those tools act on; it answers only
 * where the rules read wrong. The answer is checked against the tools (proposed-corrections.ts)
 * before anything is shown.
 */
import { z } from 'zod';
import { toolOperations } from '../../domain/tool-override.js';
import type { ToolDefinition } from '../../domain/registry.js';
import type { ServiceModel } from '../../reading/read-server.js';
import { propertiesOf, requiredOf } from '../../reading/tool-id-argument.js';

export const readingAnswerSchema = z.strictObject({
  tools: z.array(
    z.strictObject({
      name: z.string().describe('the tool, exactly as listed'),
      operation: z.enum(toolOperations),
      entity: z.string().describe('singular snake_case: the type of record the tool acts on'),
      id: z.string().nullable().describe('the argument naming the one record acted on; null when none'),
      reason: z.string().describe('one sentence: what the rules got wrong'),
    }),
  ),
  entities: z.array(
    z.strictObject({
      name: z.string().describe('an entity type, singular snake_case'),
      parent: z
        .strictObject({ type: z.string(), argument: z.string().describe("the argument of the type's tools that names the parent") })
        .nullable(),
      states: z.array(z.string()).describe('the values its status takes, in lifecycle order; empty when it has none'),
      idExample: z.string().nullable().describe("an id as the service writes it (its docs' format); null when unknown"),
      reason: z.string(),
    }),
  ),
});

export type ReadingAnswer = z.infer<typeof readingAnswerSchema>;

export const readingSystem = `You review how a rule-based reader understood an MCP server's tools, so that a local simulator of the service behaves like the real one. For each tool you get its definition and the reader's reading: operation (create, read, list, search, update, delete, other), entity (the type of record it acts on, singular snake_case, without product or namespace prefixes: "agent" not "erc8004_agent"), id (the argument that names the one record it acts on; null for creates, lists and searches unless the caller chooses the key). For each entity type you get the reader's id example, parent (the type whose id an argument of its tools names, with that argument) and states.
Answer only where the reading is wrong: list a tool only when its operation, entity or id is wrong, giving all three as they should be; list an entity type only when its parent, states or id format is wrong or unknown and the definitions or your knowledge of the service's public API say what it is. Use only tool and argument names that appear in the definitions. When the reading is right, answer empty lists.`;

const descriptionLimit = 600;
const argumentLimit = 160;

/**
 * The prompt for one batch of tools: each tool's definition (descriptions cut), the rules' reading
 * of it, then the entity types the batch's tools act on.
 *
 * @example
 *   toReadingPrompt(model, model.tools.slice(0, 20), '@runpod/mcp');
 */
export function toReadingPrompt(model: ServiceModel, tools: readonly ToolDefinition[], server: string): string {
  const lines = [`# Server\n${server}\n`, "# Tools, each with the reader's reading"];
  const types = new Set<string>();
  for (const tool of tools) {
    const shape = model.shapes.get(tool.name);
    lines.push(`\n## ${tool.name}`, cut(tool.description ?? '', descriptionLimit) || '(no description)');
    for (const [name, schema] of Object.entries(propertiesOf(tool))) lines.push(`- ${name}${toArgumentText(tool, name, schema)}`);
    if (!shape) continue;
    types.add(shape.entity);
    lines.push(`reading: operation ${shape.operation}, entity ${shape.entity}, id ${shape.idArgument ?? 'null'}`);
  }
  lines.push('\n# Entity types of these tools, as read');
  for (const name of types) {
    const type = model.entityTypes.get(name);
    if (!type) continue;
    const parents = type.parents.map((parent) => `${parent.type} (by ${parent.argument})`).join(', ') || 'none';
    const states = type.state ? type.state.values.join(', ') : 'none';
    lines.push(`- ${name}: ids like ${type.idFormat.example} (${type.idFormat.source}); parent ${parents}; states ${states}`);
  }
  return lines.join('\n');
}

function toArgumentText(tool: ToolDefinition, name: string, schema: unknown): string {
  const { type, description, enum: choices } = schema as { type?: unknown; description?: unknown; enum?: unknown };
  const parts = [typeof type === 'string' ? type : 'any', requiredOf(tool).has(name) ? 'required' : 'optional'];
  if (Array.isArray(choices)) parts.push(`one of ${choices.slice(0, 12).join(', ')}`);
  const said = typeof description === 'string' ? `: ${cut(description, argumentLimit)}` : '';
  return ` (${parts.join(', ')})${said}`;
}

const cut = (text: string, limit: number): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= limit ? flat : `${flat.slice(0, limit - 1)}…`;
};
