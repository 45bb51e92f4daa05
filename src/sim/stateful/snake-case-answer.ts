/**
 * A result with its fields spelled in snake_case, for a server whose answers are spelled so though
 * its tools take another casing (reading/answer-spelling.ts: Twilio takes `FriendlyName` and answers
 * `friendly_name`). Only the answer is respelled: the world keeps the fields as the arguments gave
 * them, so filters, updates and ids keep meeting the same names. Text that is not a JSON object or
 * list is left as it is.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { toSnakeCase } from '../../reading/answer-spelling.js';

/**
 * The result with every key of its JSON text and structured content in snake_case.
 *
 * @example
 *   toSnakeCaseResult({ content: [{ type: 'text', text: '{"FriendlyName":"Order 1042"}' }] });
 *   // { content: [{ type: 'text', text: '{"friendly_name":"Order 1042"}' }] }
 */
export function toSnakeCaseResult(result: CallToolResult): CallToolResult {
  const content = result.content.map((part) => {
    if (part.type !== 'text' || !/^\s*[[{]/.test(part.text)) return part;
    try {
      return { ...part, text: JSON.stringify(respelled(JSON.parse(part.text))) };
    } catch {
      return part;
    }
  });
  return {
    ...result,
    content,
    ...(result.structuredContent ? { structuredContent: respelled(result.structuredContent) as Record<string, unknown> } : {}),
  };
}

function respelled(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(respelled);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [toSnakeCase(key), respelled(inner)]));
}
