/**
 * Parent references checked against the world: a comment created, read or listed under an issue
 * the world does not hold, an item moved to a group it does not hold (`move_item_to_group(itemId,
 * groupId)`, an update), or an action (`escalate`) naming a policy it does not hold, is a
 * not-found of that entity, in the words a read of it uses. Only
 * when the world knows the parent's type (holds one of it that is not a made-up example of the
 * starting world nor reference data a first list made up): a mock must work from an empty world,
 * where every parent is news to it.
 */
import { credentialArguments } from './credential-arguments.js';
import { exampleIds } from './starting-world.js';
import { toReferenceFact } from './reference-data.js';
import { toParentReferences, type ParentReference } from '../../reading/tool-parents.js';
import { entitiesOf, fieldValue, valuesMatch, type EntityRecord } from '../../domain/world-query.js';
import type { AnswerInput } from './world-conventions.js';
import { notFound } from './world-views.js';

/** `escalate(incident_id, escalation_policy_id)`: an action naming an entity by id acts on that one, so it must exist too; an update puts its entity there. */
const checked = new Set(['create', 'read', 'list', 'search', 'other', 'update']);
/** Names a service gives a well-known place rather than an id (Alfresco's `-root-`, `-my-`, `-shared-`). */
const aliasPattern = /^-[a-z]+-$/;

/**
 * The not-found of the first parent a call names that the world does not hold, or null.
 *
 * @example
 *   missingParent(input); // 'Issue 999 not found' for add_issue_comment({ issue_number: 999 }) when issues exist
 */
export function missingParent(input: AnswerInput): string | null {
  if (!checked.has(input.shape.operation)) return null;
  const credentials = credentialArguments(input);
  for (const reference of toParentReferences(input.tool, input.shape, input.shapes)) {
    // `privateKey`, `access_token`: who calls, never a parent (credential-arguments.ts).
    if (credentials.has(reference.argument)) continue;
    // A natural key (`projectName`, `mailbox`) may name a parent in a spelling the world does not hold.
    if (!reference.strong) continue;
    const value = input.args[reference.argument];
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    if (!Object.hasOwn(input.world.entities, reference.entity) || aliasPattern.test(String(value))) continue;
    // Reference data the simulator made up for a first list (reference-data.ts) is a sample of what the service has, not all of it.
    if (input.world.facts.includes(toReferenceFact(reference.entity))) continue;
    // By its key first: a long session's parent types are large, and a child names its parent by id.
    if (Object.hasOwn(input.world.entities[reference.entity]!, String(value))) continue;
    const parents = entitiesOf(input.world, reference.entity);
    if (parents.some((parent) => isParent(parent, reference, value))) continue;
    const examples = exampleIds(input.world, reference.entity);
    if (!parents.some((parent) => !examples.has(parent.id))) continue;
    // An id the world holds under another type names that thing: a Notion page is also the block its blocks go under.
    if (Object.values(input.world.entities).some((byId) => Object.hasOwn(byId, String(value)))) continue;
    return notFound(
      { ...input.shape, entity: reference.entity, idField: reference.idField, numericId: reference.numericId },
      String(value),
    );
  }
  return null;
}

/** Whether an entity is the one a reference's value names: by id, by its id field, or by its name. */
export function isParent(entity: EntityRecord, reference: ParentReference, value: unknown): boolean {
  if (entity.id === String(value)) return true;
  // `issueKey: 'WEB-1'`: the field named as the argument, too.
  return [reference.idField, 'name', reference.argument].some((field) => {
    const held = fieldValue(entity.fields, field);
    return held !== undefined && held !== null && valuesMatch(held, value);
  });
}
