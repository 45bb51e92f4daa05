import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/**
 * A failed tool call as MCP reports it: a result with `isError: true` and the reason as text (a
 * failing tool is a result, not a protocol error).
 *
 * @example
 *   toErrorResult('Issue 999 not found'); // { content: [{ type: 'text', text: 'Issue 999 not found' }], isError: true }
 */
export function toErrorResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}
