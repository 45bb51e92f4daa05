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
  // fromEntries defines own properties, so a `__proto__` key stays a key instead of setting the prototype.
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
  );
}
