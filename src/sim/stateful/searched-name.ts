/**
 * The name a search of reference data asks for, which the first of the set it makes up holds. A
 * service's catalogue of the world (places, coins, companies) holds whatever a caller searches for
 * by name: `geocoding(name: 'Kiel')` finds Kiel, where three made-up places would all be dropped by
 * the search that made them. A list's filter is no such question: a catalogue lacks what it never
 * had (`list_countries(name: 'Atlantis')` finds none). A free-text `query` is answered as a web
 * search is (web-pages.ts).
 */
import type { AnswerInput } from './world-conventions.js';

/**
 * The name the first entity of a search's first reference set holds: what the search asks of the
 * label field (`asked`, asked-fields.ts); undefined for a list, or a search that names no label.
 *
 * @example
 *   searchedName(geocodingInput, { name: 'Kiel', countryCode: 'DE' }, 'name'); // 'Kiel'
 */
export function searchedName(input: AnswerInput, asked: Readonly<Record<string, unknown>>, label: string): string | undefined {
  if (input.shape.operation !== 'search') return undefined;
  const value = asked[label];
  return typeof value === 'string' ? value : undefined;
}
