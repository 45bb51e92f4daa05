/**
 * The state a run begins in: a new execution, workflow run or build is under way, not yet
 * succeeded or failed. It is the first state the service lists that says a run is waiting or going
 * (GitHub's `queued` before `in_progress`, Jenkins' `BUILDING`), else `running` in the way the
 * service spells its states (n8n lists only `success, error, waiting, or canceled` to filter by,
 * and its running executions are `running`).
 */
import { toNormalName } from '../../domain/world-query.js';
import { spellState, stateSchema, toStateField } from './state-fields.js';
import type { AnswerInput } from './world-conventions.js';

/** States of a run that has begun and not ended, as services name them. */
const begun = new Set(['queued', 'pending', 'new', 'created', 'scheduled', 'running', 'inprogress', 'started', 'building', 'executing']);

/**
 * @example
 *   runStartState(executionInput); // { name: 'status', value: 'running' }
 */
export function runStartState(input: AnswerInput): { name: string; value: string } {
  const name = toStateField(input, {}, 'status');
  const schema = stateSchema(input, name);
  const read = input.model.entityTypes.get(input.shape.entity)?.state?.values ?? [];
  const listed = Array.isArray(schema?.enum) ? schema.enum.filter((value): value is string => typeof value === 'string') : [];
  const known = [...listed, ...read].find((value) => begun.has(toNormalName(value)));
  return { name, value: known ?? spellState('running', schema, undefined) };
}
