/**
 * Another key an id argument's own description says it may be given instead of the id: Twilio's
 * `Sid` "Can also be the `unique_name` of the Conversation", a slug "or the `key` of the project".
 * A call that names the entity by that key finds it, as the service's URL does.
 */
import { fieldValue, valuesMatch, type EntityRecord } from '../../domain/world-query.js';
import { propertiesOf } from '../../reading/tool-id-argument.js';
import type { AnswerInput } from './world-conventions.js';

/** `can also be the \`unique_name\``, `or the \`slug\` of`, `in place of … use the \`key\``: the quoted field after it. */
const aliasPhrase = /\b(?:can\s+also\s+be|or)\s+(?:the|its)\s+`([A-Za-z_][\w.]*)`/gi;

/**
 * The entity whose alias field (as the id argument's description names it) holds `id`, or undefined.
 *
 * @example
 *   findByIdAlias(input, conversations, 'order-1042'); // the conversation whose unique_name is order-1042
 */
export function findByIdAlias(
  input: Pick<AnswerInput, 'tool' | 'shape'>,
  entities: readonly EntityRecord[],
  id: string,
): EntityRecord | undefined {
  const argument = input.shape.idArgument;
  const description = argument === null ? undefined : propertiesOf(input.tool)[argument]?.description;
  if (typeof description !== 'string') return undefined;
  for (const [, field] of description.matchAll(aliasPhrase)) {
    const found = entities.find((entity) => valuesMatch(fieldValue(entity.fields, field!), id));
    if (found) return found;
  }
  return undefined;
}
