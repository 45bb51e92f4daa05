/**
 * The JSONPath syntax scenario expectations accept, parsed strictly. jsonpath-plus (which evaluates
 * the paths) reads `$.events[0.id` or a trailing `.` without complaint and matches nothing or
 * something unexpected, so every path is checked here first: `mcpsim check` reports a malformed one
 * at its line, and `mcpsim test` fails the step if one slips through.
 *
 * Accepted (documented in docs/scenarios.md, "JSONPath"):
 *   $                     the root (every path starts with it)
 *   .name   ..name        a property; `..` searches at any depth
 *   .*      [*]           every property or element
 *   ['a b'] ["a b"]       a property whose name is not a plain word
 *   [0]                   an element by index
 *   [0,2]                 several indexes
 *   [1:3]   [-1:] [::2]   a slice: start, end (exclusive), step; negative counts from the end
 * Not accepted, because jsonpath-plus would quietly match nothing: a single negative index (write
 * the slice [-1:]), several quoted names in one bracket, backslash escapes in a quoted name; nor
 * filters `[?(...)]`, scripts `[(...)]`, or anything else.
 */

/** Where a path stops being valid: the character offset (0-based) and what was expected there. */
export interface JsonPathProblem {
  offset: number;
  message: string;
}

const namePattern = /^[A-Za-z_$][\w$-]*/;

/**
 * The first syntax problem of a JSONPath, or undefined when it is valid.
 *
 * @example
 *   findJsonPathProblem('$.events[0].id');  // undefined
 *   findJsonPathProblem('$.events[0.id');   // { offset: 9, message: 'expected ] after the index 0 at character 11 ...' }
 */
export function findJsonPathProblem(path: string): JsonPathProblem | undefined {
  if (!path.startsWith('$')) return { offset: 0, message: 'a JSONPath starts with $ (the root), e.g. $.issues[0].state' };
  let at = 1;
  const fail = (message: string): JsonPathProblem => ({ offset: at, message: `${message} at character ${at + 1}` });
  while (at < path.length) {
    const char = path[at];
    if (char === '.') {
      const deep = path[at + 1] === '.';
      at += deep ? 2 : 1;
      if (path[at] === '*') {
        at += 1;
        continue;
      }
      if (deep && path[at] === '[') continue;
      const name = namePattern.exec(path.slice(at))?.[0];
      if (!name)
        return fail(
          at >= path.length
            ? 'expected a property name after the dot, found the end of the path'
            : `expected a property name, * or [ after the dot, found ${JSON.stringify(path[at])}`,
        );
      at += name.length;
    } else if (char === '[') {
      const problem = readBracket();
      if (problem) return problem;
    } else {
      return fail(`expected . or [ after ${JSON.stringify(path.slice(0, at))}, found ${JSON.stringify(char)}`);
    }
  }
  return undefined;

  /** Reads `[...]` starting at `at` (on the `[`), moving `at` past the `]`. */
  function readBracket(): JsonPathProblem | undefined {
    const open = at;
    at += 1;
    if (path[at] === '*') {
      at += 1;
      return path[at] === ']' ? ((at += 1), undefined) : fail('expected ] after [*');
    }
    if (path[at] === '?' || path[at] === '(')
      return fail('filters and scripts ([?(...)], [(...)]) are not supported; use a property name, an index, * or a slice');
    if (path[at] === "'" || path[at] === '"') {
      const problem = readQuoted();
      if (problem) return problem;
      if (path[at] === ',') return fail('only one quoted name fits in [ ]; write one bracket per name, or * for every property');
      if (path[at] !== ']') return fail(`expected ] after the quoted name, found ${describeChar(path[at])}`);
      at += 1;
      return undefined;
    }
    const rest = path.slice(at);
    const slice = /^(-?\d+)?:(-?\d+)?(?::(-?\d+)?)?/.exec(rest);
    if (slice) {
      at += slice[0].length;
    } else {
      const negative = /^-\d+(?=\])/.exec(rest);
      if (negative)
        return fail(
          `a negative index such as [${negative[0]}] is not supported; write the slice [${negative[0]}:] (the ${negative[0] === '-1' ? 'last element' : 'elements from there to the end'})`,
        );
      const indexes = /^\d+(?:\s*,\s*\d+)*/.exec(rest);
      if (!indexes)
        return fail(
          at >= path.length
            ? `expected an index, a quoted name, * or a slice after [ (character ${open + 1}), found the end of the path`
            : `expected an index, a quoted name, * or a slice inside [ ], found ${JSON.stringify(path[at])}`,
        );
      at += indexes[0].length;
    }
    if (path[at] !== ']') return fail(`expected ] to close the [ at character ${open + 1}, found ${describeChar(path[at])}`);
    at += 1;
    return undefined;
  }

  function readQuoted(): JsonPathProblem | undefined {
    const quote = path[at];
    if (quote !== "'" && quote !== '"') return fail(`expected a quoted name, found ${describeChar(quote)}`);
    const start = at;
    at += 1;
    while (at < path.length && path[at] !== quote) {
      if (path[at] === '\\')
        return fail('backslash escapes in a quoted name are not supported; quote the name with the other quote character');
      at += 1;
    }
    if (at >= path.length) {
      at = start;
      return fail(`the name quoted with ${quote} is never closed`);
    }
    at += 1;
    return undefined;
  }
}

function describeChar(char: string | undefined): string {
  return char === undefined ? 'the end of the path' : JSON.stringify(char);
}
