/**
 * A search's text fields match by words: `stories_search(name: 'checkout')` finds the story named
 * "Checkout fails for saved cards", as a service's search does, where a list's `name` filter is the
 * whole name. Only strings the caller gave against text the entity holds; ids, states and numbers
 * still match as equal.
 */
import { toNormalName } from '../../domain/world-query.js';

/** Fields a search reads as text to find words in. */
const textFields = new Set(['name', 'title', 'subject', 'description', 'summary', 'text', 'body', 'content', 'message', 'note']);

/**
 * Whether a search's filter `name: value` finds the entity's `field` by its words.
 *
 * @example
 *   matchesSearchWords('name', 'Checkout fails for saved cards', 'checkout'); // true
 *   matchesSearchWords('status', 'reopened', 'open'); // false
 */
export function matchesSearchWords(name: string, field: unknown, value: unknown): boolean {
  if (typeof field !== 'string' || typeof value !== 'string' || !textFields.has(toNormalName(name))) return false;
  const wanted = value.trim().toLowerCase();
  if (wanted === '') return false;
  const escaped = wanted.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}($|[^\\p{L}\\p{N}])`, 'u').test(field.toLowerCase());
}
