/**
 * The states a server's tools name anywhere: the string values of their enums and constants
 * (`status: pending | paid | void | refunded`), and the names of their boolean arguments
 * (`refunded`). A word is a state of the service when its tools say it somewhere, even on another
 * type: Lemon Squeezy names `refunded` only for invoices, and its orders are refunded too. Read by
 * an action's verb (sim/stateful/action-answer.ts) and a description's adjectives
 * (described-holdings.ts). Pure; each set holds names as toNormalName spells them.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { toNormalName } from '../domain/world-query.js';

/** The server's state words: enum values and boolean argument names, normalised. */
export interface ServerStates {
  values: Set<string>;
  flags: Set<string>;
}

const kept = new WeakMap<readonly ToolDefinition[], ServerStates>();

/**
 * @example
 *   toServerStates(lemonSqueezyTools).values.has('refunded'); // true
 */
export function toServerStates(tools: readonly ToolDefinition[]): ServerStates {
  const known = kept.get(tools);
  if (known) return known;
  const states: ServerStates = { values: new Set(), flags: new Set() };
  const visit = (properties: unknown) => {
    if (typeof properties !== 'object' || properties === null) return;
    for (const [name, schema] of Object.entries(properties as Record<string, Record<string, unknown>>)) {
      if (typeof schema !== 'object' || schema === null) continue;
      if (schema.type === 'boolean') states.flags.add(toNormalName(name));
      const items = schema.items as Record<string, unknown> | undefined;
      for (const value of [...asArray(schema.enum), ...asArray(items?.enum), schema.const])
        if (typeof value === 'string') states.values.add(toNormalName(value));
    }
  };
  for (const tool of tools) {
    visit(tool.inputSchema.properties);
    visit(tool.outputSchema?.properties);
  }
  kept.set(tools, states);
  return states;
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
