/**
 * A search across the service's own content (`search_content(q, models)`, "search across all cards,
 * dashboards and collections"): its entity (`content`, `metabase`) is a type no tool of the server
 * makes and the world does not hold, so without this rule it answered made-up web results about
 * the query and never the dashboard just created. It finds the query among what the world holds
 * of the types the server's tools make; where a type argument names some of them (`models:
 * ['dashboard']`, `searchType: 'BOARD'`), among those alone, and none matching is an empty list of
 * them. With no type named and nothing matching, the search keeps its own answer.
 */
import { entitiesOf, isQueryArgument, matchesQuery } from '../../domain/world-query.js';
import { toSingular, toWords } from '../../reading/entity-words.js';
import { toShapeChoices } from '../../reading/tool-shape.js';
import type { AnswerInput } from './world-conventions.js';

/**
 * The search read as a search of the made type it finds the query in, or the input as it was.
 *
 * @example
 *   withSearchedType(input).shape.entity; // 'dashboard' for search_content({ q: 'Weekly Revenue' }) after create_dashboard
 */
export function withSearchedType(input: AnswerInput): AnswerInput {
  const { shape, world } = input;
  if (shape.operation !== 'search' || entitiesOf(world, shape.entity).length > 0) return input;
  const made = madeTypes(input);
  if (made.has(shape.entity)) return input;
  const query = Object.entries(input.args).find(([name, value]) => isQueryArgument(name) && typeof value === 'string')?.[1] as
    string | undefined;
  if (query === undefined || query.trim() === '') return input;
  const named = namedTypes(input).filter((type) => made.has(type));
  // `search(searchTerm, searchType: 'BOARD')`: the caller chose the type, so another type's match is no answer; none of it, an empty list of it.
  const candidates = named.length > 0 ? named : Object.keys(world.entities).filter((type) => made.has(type));
  const found = candidates.find((type) => entitiesOf(world, type).some((entity) => matchesQuery(entity.fields, query))) ?? named[0];
  if (found === undefined) return input;
  const idField = [...input.shapes.values()].find((other) => other.entity === found)?.idField ?? 'id';
  return { ...input, shape: { ...shape, entity: found, idField } };
}

/** The types a create of the server makes (a dispatching tool's create choices too). */
function madeTypes(input: AnswerInput): Set<string> {
  return new Set(
    toShapeChoices(input.shapes)
      .filter((choice) => choice.operation === 'create')
      .map((choice) => choice.entity),
  );
}

/** The types the call's other values name (`models: ['dashboard']`, `type: 'cards'`), singular. */
function namedTypes(input: AnswerInput): string[] {
  return Object.entries(input.args)
    .filter(([name]) => !isQueryArgument(name))
    .flatMap(([, value]) => (Array.isArray(value) ? value : [value]))
    .filter((value): value is string => typeof value === 'string' && /^[A-Za-z][\w -]{0,40}$/.test(value))
    .map((value) => toSingular(toWords(value).join('_')));
}
