/**
 * Servers generated from an API description open every tool's description with the same words
 * about the API ("Twilio - Conversations: This is the public Twilio REST API. Create a new
 * conversation in your service"): those sentences say which API it is, not what the tool does, so
 * the rules that read a description's first sentence read it after them. Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';

/**
 * The sentences every tool's description opens with, or '' where the tools share none (or the
 * server has one tool). Only whole sentences count: a shared first word ("Use this …") is none.
 *
 * @example
 *   toDescriptionPreamble([{ description: 'Acme API. List users' }, { description: 'Acme API. Get a user' }]); // 'Acme API. '
 */
export function toDescriptionPreamble(tools: readonly Pick<ToolDefinition, 'description'>[]): string {
  if (tools.length < 2) return '';
  let common = tools[0]!.description ?? '';
  for (const tool of tools) {
    const description = tool.description ?? '';
    let length = 0;
    while (length < common.length && length < description.length && common[length] === description[length]) length++;
    common = common.slice(0, length);
    if (common === '') return '';
  }
  // Back to the end of the last whole sentence: a full stop, a colon or a line end and the space after it.
  const end = Math.max(...['. ', ': ', '\n'].map((mark) => (common.includes(mark) ? common.lastIndexOf(mark) + mark.length : 0)));
  if (end <= 0) return '';
  // A preamble leaves every description something of its own to say.
  return tools.every((tool) => (tool.description ?? '').slice(end).trim() !== '') ? common.slice(0, end) : '';
}

/**
 * The tool with its description read after the server's preamble (the same tool where there is none).
 *
 * @example
 *   withoutPreamble({ name: 'x', description: 'Acme API. List users', inputSchema }, 'Acme API. ').description; // 'List users'
 */
export function withoutPreamble(tool: ToolDefinition, preamble: string): ToolDefinition {
  if (preamble === '' || !(tool.description ?? '').startsWith(preamble)) return tool;
  return { ...tool, description: tool.description!.slice(preamble.length) };
}
