/**
 * A state a description gives a record as a bare constant in its parenthesis, where the server's
 * tools keep no state field with an enum: `pod web-7f9c (image nginx:1.27, Running)` on a server
 * whose descriptions list `status.phase (Pending/Running/Succeeded/Failed/Unknown)`. A constant is
 * a state when the server lists it beside `status`, `state` or `phase`, or when it is one word
 * spelled as those listed states are (capitalised, `CrashLoopBackOff`, `EXITED`), which an ordinary
 * word of a sentence never is; where the listed states are lowercase only a listed one is read
 * (`nightly` beside `success, error` is no state). Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';

const kept = new WeakMap<readonly ToolDefinition[], string[]>();

/**
 * The states the server's descriptions (of tools and of their arguments) list in parentheses after a state word.
 *
 * @example
 *   toListedStates(kubernetesTools); // ['Pending', 'Running', 'Succeeded', 'Failed', 'Unknown']
 */
export function toListedStates(tools: readonly ToolDefinition[]): string[] {
  const known = kept.get(tools);
  if (known) return known;
  const texts = tools.flatMap((tool) => [
    tool.description ?? '',
    ...Object.values((tool.inputSchema.properties ?? {}) as Record<string, { description?: unknown }>).map((schema) =>
      typeof schema?.description === 'string' ? schema.description : '',
    ),
  ]);
  const found = new Set<string>();
  for (const text of texts)
    for (const match of text.matchAll(/\b(?:status|state|phase)\b[\w.]*(?:\s+[a-z]+){0,4}\s*\(([^()]{3,120})\)/gi)) {
      const items = match[1]!
        .split(/\s*(?:[/,|]|\bor\b)\s*/)
        .map((item) => item.trim())
        .filter(Boolean);
      if (items.length >= 2 && items.every((item) => /^[A-Za-z][A-Za-z_]{1,30}$/.test(item))) for (const item of items) found.add(item);
    }
  const states = [...found];
  kept.set(tools, states);
  return states;
}

/**
 * The state a bare piece of a parenthesis names, as written, or undefined.
 *
 * @example
 *   toConstantState(kubernetesTools, 'CrashLoopBackOff'); // 'CrashLoopBackOff' (the server lists Pending/Running/…)
 *   toConstantState(n8nTools, 'nightly'); // undefined (its listed states are lowercase words: only those are read)
 */
export function toConstantState(tools: readonly ToolDefinition[], piece: string): string | undefined {
  const listed = toListedStates(tools);
  if (listed.length === 0 || !/^[A-Za-z][A-Za-z_]{1,40}$/.test(piece)) return undefined;
  const same = listed.find((state) => state.toLowerCase() === piece.toLowerCase());
  if (same !== undefined) return piece;
  const constants = listed.every((state) => /^[A-Z]/.test(state));
  return constants && /^(?:[A-Z][a-z]+){2,}$|^[A-Z][A-Z_]{2,}$/.test(piece) ? piece : undefined;
}
