/**
 * The fixture key of a tool call's arguments: JSON text with object keys sorted at every depth,
 * so `{"b":1,"a":2}` and `{"a":2,"b":1}` are the same call.
 */
export function toCanonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

/** The same value with object keys sorted at every depth (arrays keep their order). */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) sorted[key] = sortKeys((value as Record<string, unknown>)[key]);
  return sorted;
}
