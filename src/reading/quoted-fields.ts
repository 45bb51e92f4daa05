/**
 * The field names a server's descriptions quote in code spans: Twilio's "in place of the resource's
 * `sid`", "Can also be the `unique_name` of the Conversation". A description that quotes a field
 * writes it as the service's answers spell it, whatever casing its arguments take (`Sid`,
 * `UniqueName`), so these are the descriptions' word for what the answers hold. Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';

type Described = Pick<ToolDefinition, 'description' | 'inputSchema'>;

/** A code span holding one identifier-like word (`sid`, `unique_name`, `friendlyName`). */
const codeSpan = /`([A-Za-z][A-Za-z0-9_]*)`/g;

/**
 * Every identifier the descriptions of the tools and of their arguments quote in backticks.
 *
 * @example
 *   toQuotedFields(twilioTools).has('sid'); // true: "in place of the resource's `sid` in the URL"
 */
export function toQuotedFields(tools: readonly Described[]): Set<string> {
  const quoted = new Set<string>();
  const read = (text: unknown) => {
    if (typeof text === 'string') for (const match of text.matchAll(codeSpan)) quoted.add(match[1]!);
  };
  for (const tool of tools) {
    read(tool.description);
    const properties = tool.inputSchema.properties;
    if (properties !== null && typeof properties === 'object')
      for (const schema of Object.values(properties as Record<string, unknown>))
        if (schema !== null && typeof schema === 'object') read((schema as Record<string, unknown>).description);
  }
  return quoted;
}
