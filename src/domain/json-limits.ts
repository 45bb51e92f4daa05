/**
 * The one nesting and size policy of JSON that enters mcpsim: API bodies, the MCP endpoint, REST
 * tool calls, the control API, scenario files, fixtures, registry imports, and what upstreams and
 * models answer. Every door checks a document against it once, before anything recursive (key
 * sorting, schema compilation, `JSON.stringify`) sees the value, so nothing downstream can
 * overflow the stack: V8 parses JSON iteratively but stringifies it recursively, and fails near
 * 5,000 levels.
 */

/** The limits, with the numbers the error messages name. */
export const jsonLimits = {
  /** Nesting levels of objects and arrays: a real JSON Schema needs a few dozen. */
  maxDepth: 256,
  /** Characters in one object key. */
  maxKeyLength: 1024,
} as const;

/** A value that breaks the policy: where, and the rule it breaks (with the limit). */
export interface JsonLimitBreach {
  /** Dotted path below the document, shortened for deep values (`a.b.c…`); `''` for the document itself. */
  path: string;
  rule: string;
}

/**
 * The first place `value` breaks the policy, or null. Walks the value with an explicit stack, so
 * the check itself cannot overflow at any depth.
 *
 * @example
 *   findJsonLimitBreach(JSON.parse('[[[1]]]'), { maxDepth: 2 });
 *   // { path: '0.0', rule: 'nests deeper than 2 levels (the limit)' }
 */
export function findJsonLimitBreach(value: unknown, limits: { maxDepth?: number; maxKeyLength?: number } = {}): JsonLimitBreach | null {
  const maxDepth = limits.maxDepth ?? jsonLimits.maxDepth;
  const maxKeyLength = limits.maxKeyLength ?? jsonLimits.maxKeyLength;
  // Only objects and arrays are pushed: a document of a million numbers allocates nothing per number.
  const pending: { value: object; depth: number; path: PathNode | null }[] = [];
  if (value !== null && typeof value === 'object') pending.push({ value, depth: 1, path: null });
  while (pending.length > 0) {
    const { value: current, depth, path } = pending.pop()!;
    if (depth > maxDepth) return { path: toPathText(path), rule: `nests deeper than ${maxDepth} levels (the limit)` };
    if (Array.isArray(current)) {
      for (let index = 0; index < current.length; index++) {
        const item: unknown = current[index];
        if (item !== null && typeof item === 'object')
          pending.push({ value: item, depth: depth + 1, path: { segment: String(index), parent: path } });
      }
      continue;
    }
    for (const key in current) {
      if (!Object.hasOwn(current, key)) continue;
      if (key.length > maxKeyLength)
        return {
          path: toPathText({ segment: key, parent: path }, true),
          rule: `has a key longer than ${maxKeyLength} characters (the limit)`,
        };
      const item: unknown = (current as Record<string, unknown>)[key];
      if (item !== null && typeof item === 'object') pending.push({ value: item, depth: depth + 1, path: { segment: key, parent: path } });
    }
  }
  return null;
}

/**
 * The message of a breach: its path, or `whole` (what the document is called) for the document
 * itself, e.g. `metadata.x.x.x…: nests deeper than 256 levels (the limit)`.
 *
 * @example
 *   toBreachMessage({ path: '', rule: 'nests deeper than 256 levels (the limit)' }, 'body'); // 'body: nests deeper than ...'
 */
export function toBreachMessage(breach: JsonLimitBreach, whole = 'body'): string {
  return `${breach.path === '' ? whole : breach.path}: ${breach.rule}`;
}

/** A path kept as links to the parent's, so a deep walk does not copy paths. */
interface PathNode {
  segment: string;
  parent: PathNode | null;
}

const shownSegments = 4;
const shownKeyCharacters = 40;

/** The first few segments of a path, and `…` when there are more (a breach may be thousands deep). */
function toPathText(path: PathNode | null, keyIsLong = false): string {
  const segments: string[] = [];
  for (let node = path; node !== null; node = node.parent) segments.push(node.segment);
  segments.reverse();
  const shown = segments
    .slice(0, shownSegments)
    .map((segment, index) =>
      keyIsLong && index === segments.length - 1 && segment.length > shownKeyCharacters
        ? `${segment.slice(0, shownKeyCharacters)}…`
        : segment,
    );
  return `${shown.join('.')}${segments.length > shownSegments ? '…' : ''}`;
}
