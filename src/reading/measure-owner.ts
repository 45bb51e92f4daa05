/**
 * A measure of one kind of thing is read of that thing: `get_campaign_metrics(campaignId)`,
 * `get_list_size(listId)`, `getUnreadNotificationCount` compute a value of campaigns, lists,
 * notifications; a metric, a total or a count is no thing the service keeps. Where the name ends
 * in a measure word right after a type another tool keeps, and no tool keeps the measure itself,
 * the entity is that type. Part of the server-wide pass (server-types.ts). Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import type { AgreedObject } from './agreed-object.js';
import { measureWords, toFullWord, toSingular, toWords } from './entity-words.js';
import type { ToolShape } from './tool-shape.js';
import { toVerbMeaning } from './tool-verbs.js';

/**
 * The type whose measure the tool reads, or null.
 *
 * @example
 *   toMeasureOwner({ ...shape, entity: 'metric' }, tool('get_campaign_metrics'), kept); // { type: 'campaign', … } where other tools keep campaigns
 *   toMeasureOwner({ ...shape, entity: 'metric' }, tool('list_metrics'), kept); // null: no type before the measure
 */
export function toMeasureOwner(shape: ToolShape, tool: ToolDefinition, kept: (type: string) => boolean): AgreedObject | null {
  if (shape.dispatch) return null;
  const words = toWords(tool.name).map((word) => toFullWord(toSingular(word)));
  const measure = words.at(-1)!;
  if (!measureWords.has(measure) || !shape.entity.split('_').includes(measure)) return null;
  // The longest run of words right before the measure that another tool keeps (`merge_request`, `list`), never the name's verb (`list` of `list_metrics`).
  const before = words.slice(0, -1);
  const type = [...before.keys()]
    .filter((start) => start > 0 || toVerbMeaning(before[0]!) === undefined)
    .map((start) => before.slice(start).join('_'))
    .find((run) => run !== '' && kept(run));
  if (type === undefined) return null;
  return {
    type,
    why: `"${measure}" after "${type.replace(/_/g, ' ')}" in the name is a value computed of ${type}, a type other tools keep; no tool keeps a ${measure}`,
  };
}
