/** For the walks over tool answers (crud-walk.ts and its callers): an answer's text as an object. */

/** A tool answer's text as the object it holds, or null (not JSON, or not an object). */
export function toObjectValue(text: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
