/**
 * A record that moves into a state stamps when, where the service's records carry that stamp:
 * `manage_incidents(status: 'resolved')` sets `resolved_at` where PagerDuty's Incident has one, a
 * close sets `closed_at`, a completion `completedAt`. Only a stamp some output schema of the server
 * names (never one made up), and only when the state changes.
 */
import { toNormalName } from '../../domain/world-query.js';
import { isRecord } from '../../domain/json-record.js';
import type { AnswerInput } from './world-conventions.js';

/**
 * The stamp the move into `after` sets (`{ resolved_at: now }`), or nothing.
 *
 * @example
 *   stateStamp(input, 'acknowledged', 'resolved', {}); // { resolved_at: '2026-05-04T10:00:00.000Z' } on PagerDuty's tools
 */
export function stateStamp(input: AnswerInput, before: unknown, after: unknown, changes: Record<string, unknown>): Record<string, unknown> {
  if (typeof after !== 'string' || after === '' || after === before) return {};
  const state = toNormalName(after);
  const wanted = new Set([`${state}at`, `${state}time`, `${state}on`, `${state}date`]);
  for (const tool of input.serverTools)
    for (const name of propertyNames(tool.outputSchema))
      if (wanted.has(toNormalName(name))) return Object.hasOwn(changes, name) ? {} : { [name]: input.now };
  return {};
}

/** The property names of an output schema, of its list items and of its `$defs` (Pydantic's models). */
function propertyNames(schema: Record<string, unknown> | undefined): string[] {
  if (!schema) return [];
  const objects = [schema, ...(isRecord(schema.$defs) ? Object.values(schema.$defs) : [])];
  return objects.flatMap((object) => (isRecord(object) && isRecord(object.properties) ? Object.keys(object.properties) : []));
}
