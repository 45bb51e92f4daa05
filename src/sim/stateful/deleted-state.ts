/**
 * Deletes that keep a record. A delete whose `permanent` flag is left false moves the entity to the
 * trash (soft-delete.ts). And where an entity's state takes the value `DELETED` (Meta's campaigns,
 * ad sets and ads; Google's soft-deletable resources, AIP-164), a delete moves the entity to that
 * state instead of removing it, as the service does: the record stays readable by id, with its
 * state, and lists leave it out unless they ask for that state (archived-entities.ts).
 */
import type { WorldEntity } from '../../domain/memory-log.js';
import { dependentsOf } from './dependent-entities.js';
import { trashes } from './soft-delete.js';
import { stampName, type Answer, type AnswerInput } from './world-conventions.js';
import { quoteId, toWordsOf } from './world-views.js';

/**
 * The answer of a delete that keeps entity `id` (to the trash, or in its deleted state), or
 * undefined when the delete removes it.
 *
 * @example
 *   keptDelete(input, '120219450332012534');
 *   // { text: 'Deleted campaign 120219450332012534.', changes: { upserts: [{ type: 'campaign', id: '120219450332012534', fields: { status: 'DELETED', ... } }] } }
 */
export function keptDelete(input: AnswerInput, id: string): Answer | undefined {
  const { shape } = input;
  if (trashes(input))
    return {
      text: `Moved ${toWordsOf(shape.entity)} ${quoteId(id, shape)} to the trash.`,
      changes: { upserts: [{ type: shape.entity, id, fields: { trashed: true } }] },
    };
  const own = deletedState(input, shape.entity);
  if (!own) return undefined;
  const upserts: WorldEntity[] = [{ type: shape.entity, id, fields: deletedFields(input, shape.entity, id, own) }];
  const deletes: { type: string; id: string }[] = [];
  // What goes with it (a campaign's ad sets) is deleted the same way where its type keeps that state too.
  for (const dependent of dependentsOf(input.world, shape.entity, id)) {
    const state = deletedState(input, dependent.type);
    if (state) upserts.push({ ...dependent, fields: deletedFields(input, dependent.type, dependent.id, state) });
    else deletes.push(dependent);
  }
  return { text: `Deleted ${toWordsOf(shape.entity)} ${quoteId(id, shape)}.`, changes: { upserts, deletes } };
}

/** The deleted state, with the updated stamp where the record keeps one as an update would (world-conventions.ts). */
function deletedFields(input: AnswerInput, type: string, id: string, state: { field: string; value: string }): Record<string, unknown> {
  const updated = stampName(input, 'updated', input.world.entities[type]?.[id] ?? {});
  return { [state.field]: state.value, ...(updated ? { [updated]: input.now } : {}) };
}

/** The state field of `type` and its value spelled `deleted`, when the service model shows one. */
function deletedState(input: AnswerInput, type: string): { field: string; value: string } | undefined {
  const state = input.model.entityTypes.get(type)?.state;
  const value = state?.values.find((candidate) => /^deleted$/i.test(candidate));
  return state && value !== undefined ? { field: state.field, value } : undefined;
}
