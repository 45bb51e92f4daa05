import { z } from 'zod';

/**
 * A JSON object with any keys and values, `__proto__` included: zod's `z.record` drops a
 * `__proto__` key without a word, so connection metadata or tool arguments would lose it. The
 * value is passed on as parsed (JSON.parse makes `__proto__` an own key), never copied by
 * assignment. `maxChars` bounds its JSON text (a field kind's size limit).
 *
 * @example
 *   jsonObjectSchema({ maxChars: 65_536 }).parse(JSON.parse('{"__proto__": "x"}')); // { ['__proto__']: 'x' }
 */
export function jsonObjectSchema({ maxChars }: { maxChars?: number } = {}) {
  const schema = z
    .custom<Record<string, unknown>>((value) => value !== null && typeof value === 'object' && !Array.isArray(value), {
      error: 'must be an object',
    })
    .meta({ type: 'object', additionalProperties: {} });
  if (maxChars === undefined) return schema;
  return schema.check(
    z.refine((value) => JSON.stringify(value).length <= maxChars, {
      error: `must be at most ${maxChars} characters as JSON (the limit)`,
      abort: true,
    }),
  );
}
