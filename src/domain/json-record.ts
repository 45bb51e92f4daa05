/** A JSON object: not null, not an array. The one guard every layer uses for parsed JSON and tool arguments. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
