/**
 * How the stateful simulator answers each operation from a world: a create adds an entity, a read
 * finds it (or says it is not there, worded like a real server), a list or search filters and
 * pages, an update merges, a delete removes, another action is acknowledged and kept as a fact.
 * Each answer carries the `WorldChanges` it made, the same kind the model and fixtures write.
 */
import { answerMailWrite, withMailBoxes } from './mail-writes.js';
import { toNextNumber } from './record-numbers.js';
import { withParentKeys } from './parent-key-fill.js';
import { toCopySource, withoutSource } from './copy-source.js';
import { entitiesOf, fieldValue, findByName, nameFields, toNormalName, valuesMatch } from '../../domain/world-query.js';
import { isTargetStateArgument } from '../../reading/answer-kind.js';
import { toNamedTransition } from './transition-by-id.js';
import { toBatchList } from '../../reading/batch-arguments.js';
import { propertiesOf } from '../../reading/tool-id-argument.js';
import { toKeySelector } from '../../reading/key-selector.js';
import { toScopedKey } from './scoped-ids.js';
import { toEmbeddedWrite } from './embedded-items.js';
import { toFreeBusy } from './free-busy.js';
import { withWrittenText } from './written-text.js';
import { stateStamp } from './state-stamp.js';
import { findEntity, fitView, newFields, notFound, presentEntity, quoteId, toLabel, toWordsOf, typedId } from './world-views.js';
import { toMissingKeyFields, withTypeIdField } from './entity-key-fields.js';
import { toCreatedId } from './entity-ids.js';
import { movePlaces } from './moved-places.js';
import { missingParent } from './world-parents.js';
import { describedStateRefusal } from './described-state-check.js';
import { missingNestedReference } from './nested-references.js';
import { missingObject, toHeldObject } from './held-object.js';
import { missingMember } from './missing-members.js';
import { withServerId } from './server-ids.js';
import { withIdType } from './declared-id-type.js';
import { createDefaults } from './create-defaults.js';
import { withNestedCreates } from './nested-creates.js';
import { withEntityBody } from './entity-body.js';
import { withJsonPatch } from './json-patch.js';
import { withUpdateActions } from './update-actions.js';
import { toReadOfListed } from './list-by-id.js';
import { withScaledCount } from './scaled-count.js';
import { withSetEdits } from './set-edits.js';
import { describedFlags } from './described-flags.js';
import { eventState } from './state-events.js';
import { withShownLinks } from './shown-links.js';
import { toRelatedInput, withChildLists } from './world-children.js';
import { spellState, stateSchema, toStateField } from './state-fields.js';
import { toStartState } from './start-state.js';
import { toFlagFields } from './flag-states.js';
import { isReferenceType, withReferenceMark } from './reference-data.js';
import { isListedWorkingData } from './working-data.js';
import { namesListedRecord } from './listed-record-ids.js';
import { refusesFinished } from './finished-entities.js';
import { isWrittenType } from './written-types.js';
import { isTrashed } from './soft-delete.js';
import { toNamedItem } from './parent-items.js';
import { toIdNamedType } from './id-named-type.js';
import { singleParentChange } from './single-parent.js';
import { pageShownBy, withPage } from './web-pages.js';
import { makeUpRecord } from './made-up-record.js';
import { withSearchedType } from './site-search.js';
import { toMemberTransfer, withParentMembers } from './parent-members.js';
import { answerList } from './world-list.js';
import { answerAction } from './action-answer.js';
import { answerOnExisting } from './existing-target.js';
import { answerRun } from './run-records.js';
import { updateOnReference } from './reference-writes.js';
import { describedLink } from './described-link.js';
import { argumentState } from './state-arguments.js';
import { toListedState } from './listed-states.js';
import { answerRead } from './read-routes.js';
import { addToRecordLists } from './record-list-items.js';
import { toTargetState } from './target-state.js';
import { describedTarget } from './choice-state.js';
import { refusedState } from './corrected-states.js';
import { answerDelete } from './delete-answer.js';
import { toMatchedRecord } from './matched-upsert.js';
import { heldMembership, membershipId } from './membership-records.js';
import { batchItems, createEach, givenIdList, readEach, uniqueClash, updateEach, updateEvery } from './world-batches.js';
import { dataArguments, defaultOf, existingName, scopeArguments, stampName, type Answer, type AnswerInput } from './world-conventions.js';

export type { Answer, AnswerInput } from './world-conventions.js';

/**
 * Answers a call from the world as its (per-call) shape says.
 *
 * @example
 *   answerFromWorld({ shape, tool, serverTools, shapes, args: { issue_number: 12 }, argumentsKey, world, now, sequence: 3, seed: 'mcpsim' });
 *   // { value: { number: 12, title: 'Crash on empty config', ... } }
 */
export function answerFromWorld(called: AnswerInput): Answer {
  // `add_opportunity_followers(followers: ['user_nobody'])` where the world holds the users: a not-found (missing-members.ts).
  const orphan =
    missingParent(called) ??
    missingNestedReference(called) ??
    missingObject(called) ??
    describedStateRefusal(called) ??
    missingMember(called);
  if (orphan !== null) return { error: orphan };
  // What the id names: attach_tag(item_id), change_item_column_values(itemId), show_object(uid) (parent-items, id-named-type, held-object).
  const related = toHeldObject(toIdNamedType(toNamedItem(toRelatedInput(called))));
  const numbered = withIdType(related.shape, related.model);
  const shape = withServerId(numbered, related.model);
  // A create named by the caller whose service assigns the id (server-ids.ts) keeps the name under the field it was read as, too.
  const keyed = shape !== numbered && numbered.idArgument !== null ? related.args[numbered.idArgument] : undefined;
  const args = keyed === undefined || numbered.idField === 'id' ? related.args : { [numbered.idField]: keyed, ...related.args };
  const input = { ...related, shape, args };
  // `add_observations({ observations: [{ entityName, contents }] })`: into each named record's list (record-list-items.ts).
  const listed = input.shape.operation === 'create' || input.shape.operation === 'other' ? addToRecordLists(input) : null;
  if (listed) return listed;
  // `sendEmail`, `sendDraft(draftId)`, `trashMessage(messageId)`: what a mailbox does with them (mail-writes.ts).
  const mailed = answerMailWrite(input, create);
  if (mailed) return mailed;
  switch (input.shape.operation) {
    case 'create':
      // `deploy_service(serviceId)` of a service the world holds: a deploy of it, not a second service (existing-target.ts).
      // `create_project_with_issues(issues: [...])`: each issue a record under the new project (nested-creates.ts).
      return toEmbeddedWrite(input) ?? answerOnExisting(input, create) ?? withNestedCreates(input, create(input), create);
    case 'read':
      // Free/busy from the events (free-busy.ts); the list under a parent the id argument names, or everything kept (read-routes.ts).
      // `get_issue` of one an issue link joins: it shows the link (shown-links.ts).
      return toFreeBusy(input) ?? answerRead(withShownLinks(input), read);
    case 'list':
      // `list_cycle_issues(cycle_id)`: the issues the cycle keeps (parent-members.ts); free/busy from the events (free-busy.ts);
      // `read_customers(id)` "fetch a Customer by ID … or query all": the one record, or its not-found (list-by-id.ts).
      return toFreeBusy(input) ?? toReadOfListed(input, read) ?? answerList(withParentMembers(withMailBoxes(input)));
    case 'search':
      // `search_content(q)` across the service: the made type it finds the query in (site-search.ts).
      return toFreeBusy(input) ?? answerList(withSearchedType(withMailBoxes(input)));
    case 'update':
      // `transfer_cycle_issues(cycle_id, new_cycle_id)`: the cycle's issues move to the new one (parent-members.ts);
      // `archive_application(id)` where no tool makes applications: the one a read by that id makes up (reference-writes.ts).
      return toMemberTransfer(input) ?? updateOnReference(input, update);
    case 'delete':
      // `add_attendee(eventId, email)`, `remove_attendee`: the event's own attendees list (embedded-items.ts).
      return toEmbeddedWrite(input) ?? answerDelete(input);
    default:
      // `refund_order(orderId)`: the state its verb names, where the server names it (action-answer.ts); else acknowledged.
      // `run_webhook(workflowName)`: a run record (an execution) of the workflow, under it (run-records.ts).
      return toMemberTransfer(input) ?? answerRun(input, create) ?? answerAction(input);
  }
}

function create(given: AnswerInput, givenId?: string): Answer {
  // `create_document({ document: { id, ... } })`: the body is the entity, its id the one inside (entity-body.ts).
  // `create_issue` beside `get_issue(issue_iid)` and `delete_issue(issue_id)`: the id is the global one (entity-key-fields.ts).
  const input = withTypeIdField(withEntityBody(given));
  const batch = givenId === undefined ? batchItems(input) : null;
  if (batch) return createEach(input, batch);
  const { shape, args, world, now } = input;
  const existing = entitiesOf(world, shape.entity);
  // `add_team_member` of a user on the team already: the membership held; a new one takes the user's id (membership-records.ts).
  const member = givenId === undefined ? heldMembership(input) : undefined;
  if (member) return presentEntity(input, member);
  const id =
    givenId ??
    (shape.idArgument !== null && args[shape.idArgument] !== undefined
      ? String(args[shape.idArgument])
      : (membershipId(input) ?? toCreatedId(input, existing)));
  // `a.txt` in two buckets: two objects, the second kept under its bucket (scoped-ids.ts).
  const scoped = toScopedKey(input, id);
  if (scoped.clash) return { error: `${toLabel(shape.entity)} ${quoteId(id, shape)} already exists` };
  // `duplicate_task(taskId)`: a copy starts from the entity it names (copy-source.ts).
  const copied = toCopySource(input, existing);
  if (copied && 'error' in copied) return { error: copied.error };
  // What the call left out, as the service fills it: schema defaults, archive-like flags false (create-defaults.ts).
  // "Create new items as drafts": `isDraft: true` where the schema holds the flag (described-flags.ts).
  // A parent named by its name also gets its id, and the other way round (parent-key-fill.ts).
  // `add_note_to_incident(note: "…")` answering `{ content }`: the text under the field the service shows it in (written-text.ts).
  const data = withWrittenText(
    input,
    withParentKeys(input, copied ? withoutSource(dataArguments(input), copied.used) : dataArguments(input)),
  );
  const fields: Record<string, unknown> = {
    [shape.idField]: typedId(id, shape),
    ...createDefaults(input),
    ...describedFlags(input),
    ...copied?.fields,
    ...data,
  };
  // The type's other keys the call left out, in their formats: a GitLab issue's iid, a Jira issue's key (entity-key-fields.ts).
  Object.assign(fields, toMissingKeyFields(input, fields, existing));
  // `incident_number` 1043 after the scenario's #1042: the next of its siblings' numbers (record-numbers.ts).
  Object.assign(fields, toNextNumber(input, fields, existing));
  const taken = uniqueClash(input, existing, fields);
  if (taken) return { error: `${toLabel(shape.entity)} with ${taken.name} ${JSON.stringify(taken.value)} already exists` };
  const created = stampName(input, 'created');
  if (created && fieldValue(fields, created) === undefined) fields[created] = now;
  // "Create a new checkout URL … Returns a URL": the new entity's link (described-link.ts).
  Object.assign(fields, describedLink(input, fields, scoped.key));
  // No enum anywhere: the states the descriptions name, or open where the only verbs close; inactive where it is activated (start-state.ts).
  const state = toStartState(input);
  if (state && fieldValue(fields, state.name) === undefined) fields[state.name] = state.value;
  const { shown, stored } = fitView(input, fields, scoped.key);
  return { value: shown, changes: { upserts: [{ type: shape.entity, id: scoped.key, fields: stored }] } };
}

function read(input: AnswerInput): Answer {
  const { shape, args } = input;
  const entities = entitiesOf(input.world, shape.entity);
  // `get_batch(ids)` beside `get(id)`: with no id given, a list of the entity's ids reads each (world-batches.ts).
  const many = (shape.idArgument === null ? undefined : args[shape.idArgument]) ?? givenIdList(input);
  if (Array.isArray(many)) return readEach(input, entities, many);
  if (shape.find) {
    const filters = Object.entries(dataArguments(input));
    const byName = filters.length === 1 && nameFields.has(toNormalName(filters[0]![0])) && typeof filters[0]![1] === 'string';
    const found =
      entities.find((entity) => filters.every(([name, value]) => valuesMatch(fieldValue(entity.fields, name), value))) ??
      (byName ? findByName(entities, filters[0]![1] as string, input.model.idTraitsOf(shape.entity).nameField) : undefined);
    if (!found)
      return {
        error: `${toLabel(shape.entity)} not found: none has ${filters.map(([name, value]) => `${name} ${JSON.stringify(value)}`).join(' and ') || 'these values'}`,
      };
    return presentEntity(input, withChildLists(input, found));
  }
  const idValue = shape.idArgument === null ? undefined : (args[shape.idArgument] ?? defaultOf(input.tool, shape.idArgument));
  if (idValue !== undefined) {
    const found = findEntity(input, entities, String(idValue)) ?? pageShownBy(input, entities);
    if (found && isTrashed(found.fields)) return { error: notFound(shape, String(idValue)) };
    if (found) return presentEntity(input, withChildLists(input, withPage(input, found)));
    // `show_rule(key)` where no tool makes rules and none is seeded: reference data, invented and remembered (reference-data.ts).
    // A type some tool confirms, cancels or deletes by id is the service's records even when a list made them up (working-data.ts).
    // An argument with a sibling that says which key it is (`identifierType`) is an identifier, whatever its name (key-selector.ts).
    // A name of a type the server writes (`memory_bank_read(fileName)`) names what a write made (written-types.ts).
    const strict = shape.strict || toKeySelector(input.tool, shape.idArgument) !== null || isWrittenType(input);
    if (strict && (!isReferenceType(input) || isListedWorkingData(input))) return { error: notFound(shape, String(idValue)) };
    // `get_user_profile(user_id)` after a list of users: an opaque id none of the service's answers gave (listed-record-ids.ts).
    if (namesListedRecord(input)) return { error: notFound(shape, String(idValue)) };
    return strict ? withReferenceMark(makeUpRecord(input, String(idValue)), input) : makeUpRecord(input, String(idValue));
  }
  // No id: the entity the arguments describe (`get_forecast(city)`, `get_me()`), made up once and then remembered.
  const data = Object.entries(dataArguments(input));
  const key = data.length === 0 ? 'default' : data.length === 1 ? String(toKeyText(data[0]![1])) : input.argumentsKey;
  const found =
    entities.find((entity) => entity.id === key) ??
    (data.length > 0
      ? entities.find((entity) => data.every(([name, value]) => valuesMatch(fieldValue(entity.fields, name), value)))
      : // `get_space()` where the description named one space, "acme": the one the world holds.
        entities.length === 1
        ? entities[0]
        : undefined);
  return found ? presentEntity(input, found) : makeUpRecord(input, key);
}

function update(given: AnswerInput): Answer {
  // `create_issue` beside `get_issue(issue_iid)` and `delete_issue(issue_id)`: the id is the global one (entity-key-fields.ts).
  const input = withTypeIdField(withEntityBody(given));
  const { shape, args } = input;
  const idValue = shape.idArgument === null ? undefined : args[shape.idArgument];
  const many = toBatchList(idValue, shape.idArgument === null ? undefined : propertiesOf(input.tool)[shape.idArgument]);
  if (many) return updateEach(input, many, update);
  if (idValue === undefined && shape.every) return updateEvery(input, update);
  // `upsert_contact(email, phone)` "matched by email or phone": the contact holding either, else a new one (matched-upsert.ts).
  const matched = idValue === undefined ? toMatchedRecord(input) : undefined;
  if (idValue === undefined && matched === undefined)
    return shape.upsert
      ? create(input)
      : { error: `${shape.idArgument ?? 'an id'} is required to say which ${toWordsOf(shape.entity)} to change` };
  const found = matched ?? findEntity(input, entitiesOf(input.world, shape.entity), String(idValue));
  if (!found) return shape.upsert ? create(input, String(idValue)) : { error: notFound(shape, String(idValue)) };
  // "Commit an active transaction": a committed one is gone (finished-entities.ts).
  if (refusesFinished(input, found.fields)) return { error: notFound(shape, String(idValue ?? found.id)) };
  const scope = scopeArguments(input);
  let changes: Record<string, unknown> = {};
  // `patch: [{op: 'replace', path: '/name', value}]` (json-patch.ts), `scale: 5` (scaled-count.ts), `addLabelIds` (set-edits.ts),
  // `actions: [{action: 'setLastName', lastName}]` (update-actions.ts).
  const patched = withJsonPatch(withUpdateActions(input, found.fields), found.fields);
  const change = withSetEdits(withScaledCount(patched, found.fields), found.fields);
  for (const [name, value] of Object.entries(dataArguments(change))) {
    if (name === shape.idArgument || scope.has(name) || name === shape.listField?.argument) continue;
    changes[existingName(found.fields, name)] = value;
  }
  // `move_task(taskId, listName)`: the list's id moves with its name (parent-key-fill.ts); `targetMailbox` sets `mailbox` (moved-places.ts).
  movePlaces(found.fields, Object.assign(changes, withParentKeys(input, changes)));
  let stateField = toStateField(input, found.fields);
  // `transitionId: '31'` of a transition the world holds: its name is the target state (transition-by-id.ts).
  changes = toNamedTransition(changes, input.world);
  // `stateId` of a state the issue's team lists (by id or name): the state field set to its name (listed-states.ts).
  changes = toListedState(input, changes, found.fields, stateField);
  for (const [name, value] of Object.entries(changes)) {
    // `transition_issue(key, transition: 'Done')`: the target state, under the entity's own state field.
    if (!isTargetStateArgument(name)) continue;
    stateField = toStateField(input, found.fields, 'status');
    delete changes[name];
    changes[stateField] = toTargetState(value, stateSchema(input, stateField), found.fields[stateField]);
  }
  for (const [name, value] of Object.entries(changes)) {
    // `state_event: 'close'`: the state the verb sets, spelled as the entity's states are (state-events.ts).
    const event = eventState(name, value);
    if (event === null) continue;
    delete changes[name];
    changes[stateField] = spellState(event, stateSchema(input, stateField), found.fields[stateField]);
  }
  // `update_subscription(pause: 'void')`: the state the verb-named argument leaves it in (state-arguments.ts).
  const moved = changes[stateField] === undefined ? argumentState(input, changes, stateField, found.fields[stateField]) : null;
  if (moved !== null) changes[stateField] = moved;
  for (const [name, value] of Object.entries(shape.sets)) {
    if (name !== 'state') changes[existingName(found.fields, name)] = value;
    // "Submit a Draft Sales Order (changes status to 'To Deliver and Bill')": the state the tool says, before the verb's (described-states.ts).
    else if (changes[stateField] === undefined)
      changes[stateField] =
        typeof value === 'string'
          ? (describedTarget(input) ?? spellState(value, stateSchema(input, stateField), found.fields[stateField]))
          : value;
  }
  const single = shape.listField ? singleParentChange(found.fields, shape.listField, args[shape.listField.argument]) : null;
  if (single) changes[single.field] = single.value;
  else if (shape.listField) {
    const field = existingName(found.fields, shape.listField.field);
    const current = Array.isArray(found.fields[field]) ? (found.fields[field] as unknown[]) : [];
    const given = args[shape.listField.argument];
    const values = Array.isArray(given) ? given : [given];
    changes[field] = shape.listField.remove
      ? current.filter((item) => !values.some((value) => valuesMatch(item, value)))
      : [...current, ...values.filter((value) => !current.some((item) => valuesMatch(item, value)))];
  }
  // `activate_workflow` on n8n: `active: true`, the yes/no field its tools carry the state in (flag-states.ts).
  changes = toFlagFields(input.model, shape.entity, changes);
  // A scenario's `entities:` states are the only ones the type takes (corrected-states.ts).
  const refused = refusedState(input, found.id, stateField, changes);
  if (refused !== null) return { error: refused };
  // `status: 'resolved'` where the service's records carry `resolved_at`: when it moved (state-stamp.ts).
  Object.assign(changes, stateStamp(input, found.fields[stateField], changes[stateField], changes));
  const updated = stampName(input, 'updated', found.fields);
  if (updated) changes[updated] = input.now;
  const merged = { ...found.fields, ...changes };
  const { shown, stored } = fitView(input, merged, found.id);
  return {
    value: shown,
    changes: { upserts: [{ type: shape.entity, id: found.id, fields: { ...changes, ...(newFields(merged, stored) ?? {}) } }] },
  };
}

function toKeyText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
