/**
 * The fixture key of a tool call's arguments: JSON text with object keys sorted at every depth,
 * so `{"b":1,"a":2}` and `{"a":2,"b":1}` are the same call.
 */
export function toCanonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

/**
 * The same value with object keys sorted at every depth (arrays keep their order). A value already
 * in that order (a client's arguments mostly are: `{"i":7}`, `{"owner":…,"repo":…}`) is returned as
 * it is, not copied: the copy was a fixture `tools/call`'s costliest step of its own.
 *
 * @example
 *   sortKeys({ b: 1, a: { d: 2, c: 3 } }); // { a: { c: 3, d: 2 }, b: 1 }, a copy
 *   sortKeys(args) === args; // when args = { a: 1, b: [{ c: 2 }] }
 */
export function sortKeys(value: unknown): unknown {
  return isSorted(value) ? value : copySorted(value);
}

function copySorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copySorted);
  if (value === null || typeof value !== 'object') return value;
  // fromEntries defines own properties, so a `__proto__` key stays a key instead of setting the prototype.
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, copySorted((value as Record<string, unknown>)[key])]),
  );
}

/**
 * Whether `copySorted` would give the same JSON text and the same objects' key order: plain objects
 * (a `Date` or a class instance is copied into a plain object) whose keys, in the order `Object.keys`
 * gives them, are already sorted as `Array.prototype.sort` sorts them (UTF-16 code units, as `<` compares).
 */
function isSorted(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return true;
  if (Array.isArray(value)) {
    for (const item of value) if (!isSorted(item)) return false;
    return true;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  const keys = Object.keys(value);
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!;
    if (index > 0 && !(keys[index - 1]! < key)) return false;
    if (!isSorted((value as Record<string, unknown>)[key])) return false;
  }
  return true;
}
