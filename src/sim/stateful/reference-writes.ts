/**
 * A write to reference data acts on the record a read would show. A type no tool of the server
 * creates (Ashby's applications, a flag service's flags, a review an agent is given) is the
 * service's own records, and a read by an id the world lacks makes that record up once and
 * remembers it (reference-data.ts). An update or state change by the same id is then of that same
 * record, not a not-found: the service that answers `get_application(id)` also archives it. So
 * the update makes up the record as the read would, then changes it, and both changes are kept.
 * Where a read would answer the not-found (a type a tool creates, a set listed already,
 * working-data.ts and listed-record-ids.ts), so does the write.
 */
import { entitiesOf } from '../../domain/world-query.js';
import { applyWorldChanges } from '../../domain/world-state.js';
import { isReferenceType, withReferenceMark } from './reference-data.js';
import { isListedWorkingData } from './working-data.js';
import { namesListedRecord } from './listed-record-ids.js';
import { findEntity } from './world-views.js';
import { makeUpRecord } from './made-up-record.js';
import type { Answer, AnswerInput } from './world-conventions.js';

type AnswerOf = (input: AnswerInput) => Answer;

/**
 * The answer of an update; where it found no record because the id is of reference data the world
 * does not hold yet, the record a read by that id would make up, changed as the call says. The
 * update runs first, so a call that finds its record costs what it did.
 *
 * @example
 *   updateOnReference(archiveApplicationInput, update); // { value: { id: 'app_1', status: 'archived' }, changes }
 */
export function updateOnReference(input: AnswerInput, update: AnswerOf): Answer {
  const answer = update(input);
  if (answer.error === undefined) return answer;
  const { shape, args } = input;
  if (shape.upsert || shape.idArgument === null) return answer;
  const idValue = args[shape.idArgument];
  if (idValue === undefined || idValue === null || typeof idValue === 'object') return answer;
  const id = String(idValue);
  if (!isReferenceType(input) || isListedWorkingData(input) || namesListedRecord(input)) return answer;
  if (findEntity(input, entitiesOf(input.world, shape.entity), id)) return answer;
  // Made up from the id alone, as a read by it would be; what the call writes is the update's.
  const made = withReferenceMark(makeUpRecord({ ...input, args: { [shape.idArgument]: idValue } }, id), input);
  if (!made.changes) return answer;
  const changed = update({ ...input, world: applyWorldChanges(input.world, made.changes) });
  if (changed.error !== undefined) return answer;
  return {
    ...changed,
    changes: {
      ...changed.changes,
      upserts: [...(made.changes.upserts ?? []), ...(changed.changes?.upserts ?? [])],
      facts: [...(made.changes.facts ?? []), ...(changed.changes?.facts ?? [])],
    },
  };
}
