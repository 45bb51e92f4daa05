/**
 * A plural inside a compound entity, where the server writes that noun singular elsewhere, is the
 * head noun's plural, not a name of its own: `show_services_tcp` beside `show_service_groups`
 * lists TCP services (`service_tcp`), as a listing pluralises its head noun wherever the head
 * stands. A plural the server never writes singular (`insights_query` of a product called
 * Insights) is the service's word and stays. Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { isPlural, toSingular, toWords } from './entity-words.js';
import type { ToolShape } from './tool-shape.js';

/**
 * Whether a plural word inside a compound may be read as its singular: the server writes that
 * singular in a tool name (`service` of `show_service_groups`), or it names its collections, not
 * its things (REST paths: `delete_deployments(deployment_name)`, `cancel_predictions(prediction_id)`),
 * so that every plural it writes is a collection's name.
 */
export function toSingularReading(tools: readonly ToolDefinition[], shapes: ReadonlyMap<string, ToolShape>): (singular: string) => boolean {
  const written = new Set(tools.flatMap((tool) => toWords(tool.name)).filter((word) => toSingular(word) === word));
  // Tools that act on one thing by id: where most of them (three or more) name it in the plural, the server names collections.
  const onOne = tools.filter((tool) => {
    const shape = shapes.get(tool.name);
    return (
      shape !== undefined && !shape.dispatch && shape.idArgument !== null && shape.operation !== 'list' && shape.operation !== 'search'
    );
  });
  const pluralNamed = onOne.filter((tool) => isPlural(toWords(tool.name).at(-1) ?? ''));
  const collections = pluralNamed.length >= 3 && pluralNamed.length * 2 > onOne.length;
  return (singular) => collections || written.has(singular);
}

/** Nouns for a view of many things (`items_page`, `results_count`): the plural before them is meant. */
const collectionViews = new Set(['page', 'list', 'collection', 'count', 'batch']);

/**
 * The shape with each plural word before the last of its entity made singular where the server
 * writes that singular in another name, with why; any other shape is returned as it is.
 *
 * @example
 *   withSingularCompound({ ...shape, entity: 'services_tcp' }, tool, (word) => word === 'service').entity; // 'service_tcp'
 */
export function withSingularCompound(shape: ToolShape, tool: ToolDefinition, singular: (word: string) => boolean): ToolShape {
  const words = shape.entity.split('_');
  if (shape.dispatch || words.length < 2) return shape;
  // `list_insights_configs`: where the name writes its last word plural, that word is the head, and a plural before it only qualifies it.
  if (!toWords(tool.name).includes(words[words.length - 1]!)) return shape;
  // `get_board_items_page`: a page, list or count of items is a view of many, whose plural says so.
  if (collectionViews.has(words[words.length - 1]!)) return shape;
  const entity = words
    .map((word, index) => {
      const one = toSingular(word);
      return index < words.length - 1 && one !== word && singular(one) ? one : word;
    })
    .join('_');
  if (entity === shape.entity) return shape;
  return {
    ...shape,
    entity,
    entityWhy: `${shape.entityWhy ?? 'the words of the name'}; a plural inside the compound is its head noun's, which other names write singular ("${entity}")`,
  };
}
