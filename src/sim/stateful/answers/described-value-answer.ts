import { isRecord } from '../../../domain/json-record.js';
import { computedValueWord } from '../../../reading/described-returns.js';
import { toAnswered } from './answer-result.js';
import { worldCount } from './computed-value-answer.js';
import type { AnswerModule, KindCall } from './kind-call.js';
import { answerFromTheWorld } from './world-answer.js';

/**
 * A read with no id that answers one value its name or description says (`get_system_health`,
 * `issues_count(projectIds)`): the world's answer, as any read. Where the value is computed over a
 * type the server keeps as records (other tools of the server create or list issues), it is never
 * one of those records: what it made up is not kept among them, so a list of issues does not show a
 * "count" beside them, and a count or total is the number a list with the same arguments finds
 * (computed-value-answer.ts), not a made-up one. Its made-up fields come from a seed of the call,
 * so the same call still answers the same.
 */
export const answerDescribedValue: AnswerModule = (call) => {
  if (!keepsRecordsOf(call)) return answerFromTheWorld(call);
  const type = call.shape.entity;
  // Not one of the records: the value made up from the call, as a world without them answers it, and not kept.
  const { [type]: _records, ...others } = call.world.entities;
  const { changes: made, ...rest } = call.fromWorldOf({ ...call.world, entities: others });
  const upserts = (made?.upserts ?? []).filter((upsert) => upsert.type !== type);
  const changes = made === undefined ? {} : { changes: { ...made, upserts } };
  const word = computedValueWord(call.tool);
  const counted = word === null ? null : worldCount(call, word);
  if (counted === null || !isRecord(rest.value) || !Object.hasOwn(rest.value, word as string))
    return toAnswered({ ...rest, ...changes }, call.tool);
  return toAnswered({ ...rest, value: { ...rest.value, [word as string]: counted }, ...changes }, call.tool);
};

/** Whether another tool of the server creates or lists the call's type: the service keeps it as records. */
function keepsRecordsOf({ tool, shape, model }: KindCall): boolean {
  if (!model) return false;
  return [...model.shapes.values()].some(
    (other) => other.tool !== tool.name && other.entity === shape.entity && (other.operation === 'create' || other.operation === 'list'),
  );
}
