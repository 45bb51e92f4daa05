import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolDefinition } from '../../../domain/registry.js';
import { describedSecrets, withoutSecrets } from '../hidden-fields.js';
import type { Answer } from '../world-conventions.js';
import type { Answered } from './kind-call.js';

/**
 * The result of an answer: an error text, or the value as JSON text (and as structuredContent
 * when the tool declares an outputSchema), with the world changes it made.
 *
 * @example
 *   toAnswered({ value: { id: 'note_1' } }, tool); // { result: { content: [{ type: 'text', text: '{"id":"note_1"}' }], isError: false } }
 */
export function toAnswered(answer: Answer, tool: ToolDefinition): Answered {
  return { result: toResult(answer, tool), ...(answer.changes ? { changes: answer.changes } : {}) };
}

function toResult(answer: Answer, tool: ToolDefinition): CallToolResult {
  if (answer.error !== undefined) return { content: [{ type: 'text', text: answer.error }], isError: true };
  if (answer.value === undefined) return { content: [{ type: 'text', text: answer.text ?? 'Done.' }], isError: false };
  // A webhook's `secret`, a user's `password`: stored in the world, never echoed unless the tool says it shows it (hidden-fields.ts).
  const top = answer.value !== null && typeof answer.value === 'object' ? Object.keys(answer.value) : [];
  const value = withoutSecrets(answer.value, new Set([...declaredFields(tool), ...describedSecrets(tool.description, top)]));
  const text = JSON.stringify(value);
  const structured = tool.outputSchema && value !== null && typeof value === 'object' && !Array.isArray(value);
  return {
    content: [{ type: 'text', text }],
    ...(structured ? { structuredContent: value as Record<string, unknown> } : {}),
    isError: false,
  };
}

/** The property names a tool's output schema declares at its top level. */
function declaredFields(tool: ToolDefinition): Set<string> {
  const properties = tool.outputSchema?.properties;
  return new Set(properties && typeof properties === 'object' ? Object.keys(properties) : []);
}
