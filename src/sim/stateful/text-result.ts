/**
 * A list tool whose whole output is one string: FastMCP gives a Python tool annotated `-> str` the
 * output schema `{result: string}`, and such a tool serialises what it found itself (PagerDuty's
 * `list_priorities`: "JSON string of ListResponseModel containing PriorityReference objects"). Its
 * answer is the records it lists as JSON text in that string, never a made-up sentence beside them.
 */
import { isRecord } from '../../domain/json-record.js';

/**
 * The one string property an output schema holds (`result`), or null where it holds more or another kind.
 *
 * @example
 *   textResultProperty({ type: 'object', properties: { result: { type: 'string' } }, required: ['result'] }); // 'result'
 */
export function textResultProperty(schema: Record<string, unknown> | undefined): string | null {
  if (!schema || !isRecord(schema.properties)) return null;
  const entries = Object.entries(schema.properties);
  if (entries.length !== 1) return null;
  const [name, property] = entries[0]!;
  return isRecord(property) && property.type === 'string' && !('enum' in property) && !('format' in property) ? name : null;
}

/**
 * The answer of a list tool whose output is one string: the records as JSON text, or null where the output is not one string.
 *
 * @example
 *   toTextResult(listPriorities.outputSchema, [{ id: 'P1A', name: 'P1' }]); // { result: '[{"id":"P1A","name":"P1"}]' }
 */
export function toTextResult(schema: Record<string, unknown> | undefined, records: readonly unknown[]): Record<string, string> | null {
  const property = textResultProperty(schema);
  return property === null ? null : { [property]: JSON.stringify(records) };
}

/**
 * A write whose output is FastMCP's one string (`add_team_member -> str`, "The API response confirming the addition") answers the record
 * it wrote as JSON text there, as the service's API answers it, never a made-up sentence; null for other calls, or where the
 * record keeps a field of that name itself.
 *
 * @example
 *   toWrittenTextResult('create', addTeamMember.outputSchema, { id: 'PT62O4N', team_id: 'PI39LSG' }); // { result: '{"id":"PT62O4N","team_id":"PI39LSG"}' }
 */
export function toWrittenTextResult(
  operation: string,
  schema: Record<string, unknown> | undefined,
  fields: Readonly<Record<string, unknown>>,
): Record<string, string> | null {
  // Only FastMCP's wrapper of a `-> str` return (`{result: string}`): another one-string output (`{message}`) says something else.
  const property = operation === 'create' || operation === 'update' ? textResultProperty(schema) : null;
  return property !== 'result' || Object.hasOwn(fields, property) ? null : { [property]: JSON.stringify(fields) };
}
