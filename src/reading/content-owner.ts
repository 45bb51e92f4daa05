/**
 * A read of a thing's rendered content reads that thing: `browser_get_text` "Get the text content
 * of the current page", `get_element_text` "gets the text content of an element",
 * `playwright_get_visible_html` "Get the HTML content of the current page". A name ending in a
 * format word (text, markdown, HTML, source) says in what form the answer comes, not what it is
 * about; the description's `of` says whose content it is (`page`, `element`), as "the content of a
 * file" is the file's. Used by tool-entity.ts. Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { toSingular, toWords } from './entity-words.js';
import type { ToolShape } from './tool-shape.js';

/** Words for the form a thing's content is answered in. */
const formatWords = new Set(['text', 'markdown', 'html', 'content', 'source']);
/** Words between `of` and the owner that only pick one (`the current page`). */
const pickers = new Set(['the', 'a', 'an', 'this', 'that', 'current', 'specific', 'given', 'active', 'selected']);

/**
 * The thing whose content a read answers, or null.
 *
 * @example
 *   toContentOwner({ ...shape, operation: 'read', entity: 'visible_text' }, { name: 'get_visible_text', description: 'Get the visible text content of the current page', inputSchema }); // 'page'
 */
export function toContentOwner(shape: ToolShape, tool: ToolDefinition): string | null {
  if (shape.dispatch || (shape.operation !== 'read' && shape.operation !== 'list')) return null;
  if (!formatWords.has(shape.entity.split('_').at(-1)!)) return null;
  const words = toWords(/^[^.\n]*/.exec((tool.description ?? '').trim())?.[0] ?? '');
  // "the text content of …": the `of` after a format word, before any other `of`.
  const at = words.findIndex((word, index) => word === 'of' && formatWords.has(words[index - 1] ?? ''));
  if (at === -1) return null;
  let owner = at + 1;
  while (owner < words.length && pickers.has(words[owner]!)) owner++;
  const noun = words[owner];
  return noun === undefined || formatWords.has(noun) ? null : toSingular(noun);
}
