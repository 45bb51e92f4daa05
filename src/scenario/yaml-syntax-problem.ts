/**
 * A YAML syntax error where the writer can fix it: yaml notices an unclosed `{`, `[` or quote
 * only where the text goes on (the next line, or the end of the file), so those are reported at
 * the bracket or quote that is never closed.
 */
import type { YAMLError } from 'yaml';
import { jsonLimits } from '../domain/json-limits.js';

/**
 * The offset and wording of a syntax error.
 *
 * @example
 *   toSyntaxProblem('a: { b: 1\nc: 2\n', error); // { offset: 3, message: 'YAML syntax error: this { is never closed; ...' }
 */
export function toSyntaxProblem(text: string, error: YAMLError): { offset: number; message: string } {
  const open = scanOpenings(text, error.pos[0]);
  if (/end with a [}\]]/.test(error.message) && open.bracket !== undefined) {
    const bracket = text[open.bracket]!;
    return {
      offset: open.bracket,
      message: `YAML syntax error: this ${bracket} is never closed; end it with ${bracket === '{' ? '}' : ']'} on the same line (or indent its continuation lines further than the key)`,
    };
  }
  if (/Missing closing .?quote/i.test(error.message) && open.quote !== undefined) {
    return {
      offset: open.quote,
      message: `YAML syntax error: this ${text[open.quote]} is never closed; end the text with ${text[open.quote]}`,
    };
  }
  if (/Nested mappings are not allowed in compact mappings/.test(error.message)) {
    // `description: Time tracking for agencies: clients, projects`: a plain value with ': ' in it reads as a key.
    const colon = colonInPlainValue(text, error.pos[0]);
    if (colon !== null)
      return {
        offset: colon,
        message: `YAML syntax error: this value has ': ' in it, which YAML reads as another key; put the whole value in quotes ("…")`,
      };
  }
  if (/Nested mappings are not allowed in compact mappings|Implicit keys need to be on a single line/.test(error.message)) {
    const next = text.indexOf('\n', error.pos[0]);
    const nextLine = next === -1 ? undefined : next + 1 + (/^ */.exec(text.slice(next + 1))?.[0].length ?? 0);
    // The value here runs on into the next line, which is indented further than its key's siblings.
    if (nextLine !== undefined && nextLine < text.length)
      return {
        offset: nextLine,
        message:
          'YAML syntax error: this line is indented further than the key above it; align it with that key (or nest it under a key that ends with :)',
      };
  }
  return { offset: error.pos[0], message: toSyntaxMessage(error.code, error.message) };
}

/** The offset of a `: ` inside the unquoted value that starts at `start`, on the same line, if any. */
function colonInPlainValue(text: string, start: number): number | null {
  const lineEnd = text.indexOf('\n', start);
  const value = text.slice(start, lineEnd === -1 ? text.length : lineEnd);
  if (/^\s*["'{[|>]/.test(value)) return null;
  const match = /:(?=\s|$)/.exec(value);
  return match ? start + match.index : null;
}

/** The last { or [ before `before` that nothing closes, and the quote still open there (comments skipped). */
function scanOpenings(text: string, before: number): { bracket?: number; quote?: number } {
  const brackets: number[] = [];
  let quote: number | undefined;
  const end = Math.min(before, text.length);
  for (let index = 0; index < end; index++) {
    const char = text[index]!;
    if (quote !== undefined) {
      if (char === '\\' && text[quote] === '"') index++;
      else if (char === text[quote]) quote = undefined;
    } else if (char === '"' || (char === "'" && /[\s[{,:]/.test(text[index - 1] ?? ' '))) quote = index;
    else if (char === '#' && /\s/.test(text[index - 1] ?? ' ')) {
      const lineEnd = text.indexOf('\n', index);
      index = lineEnd === -1 ? text.length : lineEnd - 1;
    } else if (char === '{' || char === '[') brackets.push(index);
    else if (char === '}' || char === ']') brackets.pop();
  }
  return { ...(brackets.length > 0 ? { bracket: brackets[brackets.length - 1]! } : {}), ...(quote === undefined ? {} : { quote }) };
}

function toSyntaxMessage(code: string, message: string): string {
  const hints: Record<string, string> = {
    DUPLICATE_KEY: 'remove or rename one of the two',
    TAB_AS_INDENT: 'indent with spaces',
    BAD_INDENT: 'check the indentation and the closing bracket',
    MULTIPLE_DOCS: 'put one scenario per file (remove the --- line)',
    MISSING_CHAR: 'add the missing character',
  };
  const text = message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
  // The YAML parser recurses and reports its own stack overflow: say what it means.
  if (text.startsWith('Maximum call stack size exceeded'))
    return `YAML syntax error: nests too deep (the limit is ${jsonLimits.maxDepth} levels); flatten it`;
  return `YAML syntax error: ${text}${hints[code] ? `; ${hints[code]}` : ''}`;
}
