/**
 * A parent named one way is named both ways: `create_task(listName: "Backlog")` where the world
 * holds the list "Backlog" also stores its id under `listId`, and `move_task(taskId, listId)` its
 * name under `listName` (reading/parent-keys.ts says which arguments are which). So the next
 * `get_tasks(listId)` or `get_tasks(listName)` finds the task, as the service would. A parent the
 * world does not hold leaves the fields as given. The record's own id field is never a parent's key:
 * BoondManager's `companies_contacts(id)` names the company by `id`, yet a contact created with
 * `companyId: '12'` keeps its own id, not the company's.
 */
import { entitiesOf, fieldValue, findByName, valuesMatch } from '../../domain/world-query.js';
import { toParentKeys } from '../../reading/parent-keys.js';
import type { AnswerInput } from './world-conventions.js';

/** `fields` with the other keys of each parent they name, where the world holds that parent. */
export function withParentKeys(input: AnswerInput, fields: Record<string, unknown>): Record<string, unknown> {
  if (!input.model) return fields;
  let result = fields;
  for (const keys of toParentKeys(input.model, input.shape.entity)) {
    const parents = entitiesOf(input.world, keys.type);
    if (parents.length === 0) continue;
    // `id` names the company in `companies_contacts(id)`, but on a contact's own record it is the contact's id.
    const idArguments = keys.idArguments.filter((name) => name !== input.shape.idField);
    const byId = idArguments.find((name) => typeof fields[name] === 'string' || typeof fields[name] === 'number');
    const byName = keys.nameArguments.map((name) => fields[name]).find((value) => typeof value === 'string');
    // `issueKey: 'WEB-1'` names the issue that holds that key, as `issueId: 1` names it by id.
    const parent =
      byId !== undefined
        ? parents.find((entity) => {
            const value = fields[byId];
            return entity.id === String(value) || [byId, 'id'].some((field) => valuesMatch(fieldValue(entity.fields, field), value));
          })
        : typeof byName === 'string'
          ? findByName(parents, byName, input.model.idTraitsOf(keys.type).nameField)
          : undefined;
    if (!parent) continue;
    const name = ['name', 'title'].map((field) => parent.fields[field]).find((value) => typeof value === 'string');
    const filled: Record<string, unknown> = {};
    // Each id argument takes the parent's own field of that name where it holds one (`issueKey: 'WEB-1'`), else its id; one the
    // call gave in another spelling (`locationId` for `location_id`) is the same field, found by either name (fieldValue).
    for (const argument of idArguments)
      if (fieldValue(fields, argument) === undefined) filled[argument] = parent.fields[argument] ?? parent.fields.id ?? parent.id;
    if (name !== undefined) for (const argument of keys.nameArguments) if (fields[argument] === undefined) filled[argument] = name;
    if (Object.keys(filled).length > 0) result = { ...result, ...filled };
  }
  return result;
}
