/**
 * How the simulator answers a delete from the world (world-answers.ts dispatches to it).
 */
import { toPlural } from '../../reading/entity-words.js';
import { entitiesOf } from '../../domain/world-query.js';
import { toBatchList } from '../../reading/batch-arguments.js';
import { propertiesOf } from '../../reading/tool-id-argument.js';
import { fitToSchema } from './schema-fit.js';
import { entitySeed, findEntity, fitOptions, notFound, quoteId, toView, toWordsOf } from './world-views.js';
import { dependentsOf } from './dependent-entities.js';
import { keptDelete } from './deleted-state.js';
import { toItemIds } from './whole-record-items.js';
import { withRetiredIds } from './retired-ids.js';
import { everySelected, removeEach } from './world-batches.js';
import type { Answer, AnswerInput } from './world-conventions.js';

/**
 * The answer of a delete: the entity the id names goes, with what names it as theirs (dependent-entities.ts)
 * and a fact for the ids it retires (retired-ids.ts); a list of ids, or every entity a filter selects, is a
 * batch delete (world-batches.ts); a delete the service keeps (trash, a DELETED state) is an update (deleted-state.ts).
 *
 * @example
 *   answerDelete(deleteIssueInput); // { text: 'Deleted issue 12.', changes: { deletes: [{ type: 'issue', id: '12' }] } }
 */
export function answerDelete(input: AnswerInput): Answer {
  const { shape, args, tool } = input;
  const idValue = shape.idArgument === null ? undefined : args[shape.idArgument];
  // `delete_objects(Delete: { Objects: [{ Key }] })`: the list inside the object that wraps the request (batch-arguments.ts).
  const many = toBatchList(idValue, shape.idArgument === null ? undefined : propertiesOf(input.tool)[shape.idArgument]);
  if (many)
    // `delete_relations(relations: [{ from, to, relationType }])`: a record known by what it is (whole-record-items.ts).
    return removeEach(input, toItemIds(input, many));
  if (idValue === undefined && shape.every) {
    const ids = everySelected(input).map((entity) => entity.id);
    return ids.length > 0 ? removeEach(input, ids) : { text: `Deleted 0 ${toWordsOf(toPlural(shape.entity))}.` };
  }
  const found = idValue === undefined ? undefined : findEntity(input, entitiesOf(input.world, shape.entity), String(idValue));
  if (!found) return { error: notFound(shape, String(idValue)) };
  // `delete_file(fileId)` left not permanent goes to the trash; `delete_campaign` to the DELETED state its status takes (deleted-state.ts).
  const kept = keptDelete(input, found.id);
  if (kept) return kept;
  const changes = withRetiredIds(input.world, {
    deletes: [{ type: shape.entity, id: found.id }, ...dependentsOf(input.world, shape.entity, found.id)],
  });
  if (tool.outputSchema)
    return {
      value: fitToSchema(
        { ...toView(found, shape), deleted: true, success: true },
        tool.outputSchema,
        entitySeed(input, found.id),
        fitOptions(input),
      ),
      changes,
    };
  return { text: `Deleted ${toWordsOf(shape.entity)} ${quoteId(found.id, shape)}.`, changes };
}
