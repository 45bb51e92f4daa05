import { describe, expect, it } from 'vitest';
import { findJsonPathProblem } from './json-path.js';

describe('findJsonPathProblem', () => {
  it.each([
    '$',
    '$.count',
    '$.issues[0].state',
    '$.a-b',
    '$..id',
    '$..[0]',
    '$.*',
    '$[*]',
    "$['a b']",
    '$["x"]',
    '$[0,2]',
    '$[1:3]',
    '$[::2]',
    '$.issues[-1:]',
    `$["it's"]`,
  ])('accepts %s', (path) => expect(findJsonPathProblem(path)).toBeUndefined());

  it.each([
    ['$.events[0.id', 'expected ] to close the [ at character 9, found "." at character 11'],
    ['$.events[0].id.', 'expected a property name after the dot, found the end of the path at character 16'],
    ['events[0]', 'a JSONPath starts with $ (the root), e.g. $.issues[0].state'],
    ['$.a..', 'expected a property name after the dot, found the end of the path at character 6'],
    ['$[', 'expected an index, a quoted name, * or a slice after [ (character 2), found the end of the path at character 3'],
    ["$['a]", "the name quoted with ' is never closed at character 3"],
    ['$[?(@.x)]', 'filters and scripts ([?(...)], [(...)]) are not supported; use a property name, an index, * or a slice at character 3'],
    ['$.a b', 'expected . or [ after "$.a", found " " at character 4'],
    ['$.issues[-1]', 'a negative index such as [-1] is not supported; write the slice [-1:] (the last element) at character 10'],
    ["$['a','b']", 'only one quoted name fits in [ ]; write one bracket per name, or * for every property at character 6'],
    ["$['a\\'b']", 'backslash escapes in a quoted name are not supported; quote the name with the other quote character at character 5'],
  ])('rejects %s', (path, message) => expect(findJsonPathProblem(path)?.message).toBe(message));
});
