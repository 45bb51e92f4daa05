/**
 * Another key an id argument's own description says it may be given instead of the id: Twilio's
 * `Sid` "Can also be the `unique_name` of the Conversation", a slug "or the `key` of the project",
 * PagerDuty's `incident_id` "The ID or number of the incident" (its `incident_number`). A call that
 * names the entity by that key finds it, as the service's URL does. The description is the
 * argument's own, else its line in the tool's docstring (`Args:` of a Python tool, where FastMCP
 * leaves the schema's property without one).
 */
import { fieldValue, toNormalName, valuesMatch, type EntityRecord } from '../../domain/world-query.js';
import { propertiesOf } from '../../reading/tool-id-argument.js';
import type { ToolDefinition } from '../../domain/registry.js';
import type { AnswerInput } from './world-conventions.js';

/** `can also be the \`unique_name\``, `or the \`slug\` of`, `in place of … use the \`key\``: the quoted field after it. */
const aliasPhrase = /\b(?:can\s+also\s+be|or)\s+(?:the|its)\s+`([A-Za-z_][\w.]*)`/gi;
/** `The ID or number of the incident`, `id or slug`: the plain word after the id that names another key. */
const idOrPhrase = /\bid\s+or\s+(?:the\s+|its\s+)?([a-z]+)\b/gi;

/**
 * The entity whose alias field (as the id argument's description names it) holds `id`, or undefined.
 *
 * @example
 *   findByIdAlias(input, conversations, 'order-1042'); // the conversation whose unique_name is order-1042
 *   findByIdAlias(input, incidents, '1042'); // the incident whose incident_number is 1042 ("The ID or number of the incident")
 */
export function findByIdAlias(
  input: Pick<AnswerInput, 'tool' | 'shape'>,
  entities: readonly EntityRecord[],
  id: string,
): EntityRecord | undefined {
  const argument = input.shape.idArgument;
  const description = argument === null ? undefined : toArgumentDescription(input.tool, argument);
  if (description === undefined) return undefined;
  for (const [, field] of description.matchAll(aliasPhrase)) {
    const found = entities.find((entity) => valuesMatch(fieldValue(entity.fields, field!), id));
    if (found) return found;
  }
  for (const [, word] of description.matchAll(idOrPhrase)) {
    // `number` of an incident: the record's `number`, `incident_number` or `incidentNumber`.
    const names = new Set([word!, `${input.shape.entity}${word}`].map(toNormalName));
    const found = entities.find((entity) =>
      Object.entries(entity.fields).some(([name, value]) => names.has(toNormalName(name)) && valuesMatch(value, id)),
    );
    if (found) return found;
  }
  return undefined;
}

/**
 * An argument's description: its schema's, else its line under `Args:` in the tool's docstring (`incident_id: The ID or number of the incident`).
 *
 * @example
 *   toArgumentDescription(getIncident, 'incident_id'); // 'The ID or number of the incident to retrieve.'
 */
export function toArgumentDescription(tool: Pick<ToolDefinition, 'inputSchema' | 'description'>, argument: string): string | undefined {
  const own = propertiesOf(tool)[argument]?.description;
  if (typeof own === 'string') return own;
  const escaped = argument.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(String.raw`^[ \t]*${escaped}(?:[ \t]*\([^)\n]*\))?:[ \t]*(\S.*)$`, 'm').exec(tool.description ?? '')?.[1];
}
