/**
 * The record a read makes up for what the world does not know yet but that exists (a natural key,
 * reference data, a described value, a web page by its URL): made up once from the call, then
 * remembered, so the next read by the same key shows the same record.
 */
import { fieldValue } from '../../domain/world-query.js';
import { describedFields } from './described-values.js';
import { toPageFields, urlOfRead } from './web-pages.js';
import { entitySeed, fitView, typedId } from './world-views.js';
import { dataArguments, type Answer, type AnswerInput } from './world-conventions.js';

/**
 * The made-up record of the call's type under `id`, with the changes that remember it.
 *
 * @example
 *   makeUpRecord(getRuleInput, 'java:S1128'); // { value: { key: 'java:S1128', ... }, changes: { upserts: [...] } }
 */
export function makeUpRecord(input: AnswerInput, id: string): Answer {
  const { shape } = input;
  // `get_system_health`: "Returns GREEN, YELLOW, or RED" shows one of them (described-values.ts).
  const described = describedFields(input.tool, shape.entity, { seed: entitySeed(input, id), now: input.now });
  // `fetch(url)`: the page at the URL, the one a search showed when it showed it (web-pages.ts).
  const url = urlOfRead(input);
  const fields: Record<string, unknown> = { ...described, ...dataArguments(input), ...(url ? toPageFields(input, url) : {}) };
  // Something to show even when the call gave nothing and the tool declares no output (`get_me()`).
  if (fieldValue(fields, shape.idField) === undefined && (shape.idArgument !== null || Object.keys(fields).length === 0))
    fields[shape.idField] = typedId(id === 'default' ? shape.entity : id, shape);
  const { shown, stored } = fitView(input, fields, id);
  return { value: shown, changes: { upserts: [{ type: shape.entity, id, fields: stored }] } };
}
