/**
 * A read of the one who calls answers the same person however it is asked: a boolean argument of
 * such a read (`authen_v1_userInfo_get(useUAT: true)`: which token to ask with) says how to ask,
 * never whom, so it neither picks another person nor becomes a field of the one answered.
 */
import type { ToolDefinition } from '../../domain/registry.js';

/**
 * The arguments without the boolean flags the tool's schema declares.
 *
 * @example
 *   withoutAskingFlags(userInfoTool, { useUAT: true }); // {}
 */
export function withoutAskingFlags(tool: ToolDefinition, args: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, { type?: unknown }>;
  return Object.fromEntries(
    Object.entries(args).filter(([name, value]) => !(typeof value === 'boolean' && properties[name]?.type === 'boolean')),
  );
}
