/**
 * The way a server spells a name of several words: `issue_number` (snake) or `pullNumber`
 * (camel), as most of its tools' argument names are spelled. A stamp the simulator adds
 * (`createdAt`, `refundedAt`) and a link a description seeds (`customerId`) follow it. Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';

/**
 * Words joined in the style most of the server's argument names have.
 *
 * @example
 *   inServerStyle(lemonSqueezyTools, ['refunded', 'at']); // 'refundedAt' (its arguments are `storeId`, `orderId`)
 *   inServerStyle(githubTools, ['created', 'at']); // 'created_at'
 */
export function inServerStyle(tools: readonly Pick<ToolDefinition, 'inputSchema'>[], words: readonly string[]): string {
  const argumentNames = [
    ...new Set(tools.flatMap((tool) => Object.keys((tool.inputSchema.properties as Record<string, unknown> | undefined) ?? {}))),
  ];
  const snake = argumentNames.filter((name) => /[a-z0-9]_[a-z]/.test(name)).length;
  const camel = argumentNames.filter((name) => /[a-z0-9][A-Z]/.test(name)).length;
  return snake > camel
    ? words.join('_')
    : words.map((word, index) => (index === 0 ? word : `${word.charAt(0).toUpperCase()}${word.slice(1)}`)).join('');
}
