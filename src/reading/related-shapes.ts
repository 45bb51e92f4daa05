/**
 * The readings of a tool that look at the server's other tools (part of the operation inference,
 * `tool-operation.ts`): a tool attached to another tool's entity, membership verbs (`add_user_to_group`),
 * ids shared with siblings, scopes, what a history lists, `run_job` as a create, `list_children`.
 * Pure.
 */
import { isAttributeOf } from './attribute-member.js';
import { toPlural, toSingular, toWords } from './entity-words.js';
import type { ToolDefinition } from '../domain/registry.js';
import { propertiesOf, requiredOf, type Properties } from './tool-id-argument.js';
import { collectiveNouns, type ParsedName } from './tool-name.js';
import type { ToolShape } from './tool-shape.js';

/**
 * `add_label(number, label)` / `remove_label(...)`: when another argument is the id argument of
 * another entity's read, update or delete (`number` names an issue), the tool adds its value to
 * that entity's list field (`labels`) instead of creating a label.
 */
export function toAttachedShape(
  shape: ToolShape,
  parsed: ParsedName,
  tool: ToolDefinition,
  shapes: readonly ToolShape[],
  tools: readonly ToolDefinition[],
): ToolShape | null {
  if (parsed.verb === null || !attachVerbs.has(parsed.verb) || shape.dispatch) return null;
  const properties = propertiesOf(tool);
  const entityWords = shape.entity.split('_');
  // `label`, `labels`, `tagsToAttach`; or the id of one that exists (`add_issue_label(issueId, labelId)`).
  let byId = false;
  const valueArgument = Object.keys(properties).find((name) => {
    const words = toWords(name);
    const head = words.slice(0, entityWords.length);
    if (head.slice(0, -1).join('_') !== entityWords.slice(0, -1).join('_') || toSingular(head.at(-1) ?? '') !== entityWords.at(-1))
      return false;
    const rest = words.slice(entityWords.length);
    // An optional id (`add_issue_comment(comment_id?)` reacts to a comment) is no value the tool adds.
    byId = rest.length === 1 && (rest[0] === 'id' || rest[0] === 'ids') && requiredOf(tool).has(name);
    // By id only where the name links nothing more: `add_issue_to_cycle(issueId, cycleId)` is a membership.
    // `attach_data_to_card(cardId, data)` attaches content it is given: a new attachment, not a reference.
    return (rest.length === 0 && (parsed.verb === 'add' || parsed.verb === 'remove')) || rest[0] === 'to' || (byId && !linksTwo(tool.name));
  });
  // `add_cards_to_list(listId, cards: [{name, …}])` creates the cards it is given: values to add are plain.
  if (!valueArgument || isListOfObjects(properties[valueArgument])) return null;
  // `add_note_to_alert(identifier, note: "Note content")`: text the caller writes is a new note under the alert, not a value attached.
  if (!byId && /\bcontent\b/i.test(String(properties[valueArgument]?.description ?? ''))) return null;
  const candidates = shapes.filter(
    (other) =>
      other.entity !== shape.entity &&
      other.idArgument !== null &&
      other.idArgument in properties &&
      other.idArgument !== valueArgument &&
      other.operation !== 'create' &&
      other.strict,
  );
  // The most specific of them, as paths name it last: `attach_tag(boardId, tagId, itemId)` tags the item.
  const order = Object.keys(properties);
  const parent = candidates.sort((a, b) => order.indexOf(b.idArgument!) - order.indexOf(a.idArgument!))[0];
  // By id, the value is a thing of its own (a label), not a child read under the parent (a board's member).
  if (parent && byId && readsUnder(shape.entity, parent.idArgument!, shapes, tools)) return null;
  if (!parent) return null;
  // `add_note_to_incident(incident_id, note)` beside `list_incident_notes(incident_id)`: what the server lists
  // under the parent is a child it keeps, so the text is a new note there, not a value on the incident (a list of
  // ids, `add_cycle_issues(cycle_id, issues)`, still adds members).
  if (!byId && properties[valueArgument]?.type === 'string' && listsUnder(shape.entity, parent.idArgument!, shapes, tools)) return null;
  return {
    ...shape,
    operation: 'update',
    entity: parent.entity,
    idArgument: parent.idArgument,
    idField: parent.idField,
    numericId: parent.numericId,
    strict: true,
    upsert: false,
    listField: { field: toPlural(shape.entity), argument: valueArgument, remove: parsed.verb === 'remove' || parsed.verb === 'detach' },
  };
}

/** Verbs that add something to another entity's list field or take it off. */
const attachVerbs = new Set(['add', 'remove', 'attach', 'detach']);

/**
 * Whether the entity is read by its id under the parent (`get_board_member(boardId, memberId)`):
 * it lives there, so a tool that removes it deletes a child rather than a reference.
 */
function readsUnder(entity: string, argument: string, shapes: readonly ToolShape[], tools: readonly ToolDefinition[]): boolean {
  return tools.some((reader, index) => {
    const other = shapes[index];
    return other?.entity === entity && other.operation === 'read' && other.idArgument !== null && argument in propertiesOf(reader);
  });
}

/** Whether a list or search of the entity takes the parent's id argument (`list_incident_notes(incident_id)`). */
function listsUnder(entity: string, argument: string, shapes: readonly ToolShape[], tools: readonly ToolDefinition[]): boolean {
  return tools.some((lister, index) => {
    const other = shapes[index];
    return other?.entity === entity && (other.operation === 'list' || other.operation === 'search') && argument in propertiesOf(lister);
  });
}

/** Whether a name links two entities by `to` or `from` (`add_issue_to_cycle`). */
function linksTwo(toolName: string): boolean {
  return toWords(toolName).some((word) => word === 'to' || word === 'from');
}

function isListOfObjects(schema: Properties[string] | undefined): boolean {
  const items = schema?.items as { type?: unknown } | undefined;
  return schema?.type === 'object' || (schema?.type === 'array' && items?.type === 'object');
}

/**
 * `get_as_details` beside `list_autonomous_systems`: an entity word that is the initials of another
 * tool's entity of two or more words stands for that entity.
 */
export function toSpelledOut(words: string[], entities: ReadonlySet<string>): string[] {
  if (words.length !== 1 || words[0]!.length < 2 || words[0]!.length > 4) return words;
  const matches = [...entities].filter((entity) => {
    const parts = entity.split('_');
    return parts.length >= 2 && parts.map((part) => part[0]).join('') === words[0];
  });
  return matches.length === 1 ? matches[0]!.split('_') : words;
}

const membershipVerbs = new Map([
  ['add', false],
  ['assign', false],
  ['remove', true],
  ['unassign', true],
]);

/**
 * `add_user_to_group(group_id, user_id)` / `remove_user_from_group(...)`: when the name says
 * `<verb> X to|from Y` and the tool takes the id arguments of both X's and Y's other tools, it
 * adds Y's id to X's `<Y>_ids` (or removes it), so `list_group_users(group_id)` finds the user:
 * not a create of a group that exists already.
 */
export function toMembershipShape(shape: ToolShape, tool: ToolDefinition, shapes: readonly ToolShape[]): ToolShape | null {
  const words = toWords(tool.name);
  const verbAt = words.findIndex((word) => membershipVerbs.has(word));
  const joinAt = words.findIndex((word, index) => index > verbAt + 1 && (word === 'to' || word === 'from'));
  if (verbAt === -1 || joinAt === -1 || shape.dispatch) return null;
  const properties = propertiesOf(tool);
  const idOf = (entity: string) =>
    shapes.find((other) => other.entity === entity && other.idArgument !== null && other.idArgument in properties && other.strict);
  const member = idOf(toSingular(words.slice(verbAt + 1, joinAt).join('_')));
  const holder = idOf(toSingular(words.slice(joinAt + 1).join('_')));
  if (!member || !holder || member.idArgument === holder.idArgument) return null;
  const remove = membershipVerbs.get(words[verbAt]!)!;
  // A person or tag put on a thing is one of its fields: the thing is updated (attribute-member.ts).
  if (isAttributeOf(member.entity, holder.entity))
    return { ...toUpdateOf(shape, holder), listField: { field: `${member.entity}_ids`, argument: member.idArgument!, remove } };
  return { ...toUpdateOf(shape, member), listField: { field: `${holder.entity}_ids`, argument: holder.idArgument!, remove } };
}

/** An update of one entity that exists, by the id argument `target`'s tools read it by. */
function toUpdateOf(shape: ToolShape, target: ToolShape): ToolShape {
  return {
    ...shape,
    operation: 'update',
    entity: target.entity,
    idArgument: target.idArgument,
    idField: target.idField,
    numericId: target.numericId,
    strict: true,
    upsert: false,
    sets: {},
    listField: null,
  };
}

/** A tool that takes no id (a create, a list; each dispatch choice too) gets the id field and type its entity's other tools use. */
export function withSiblingIds(shape: ToolShape, shapes: readonly ToolShape[]): ToolShape {
  const choices = shape.dispatch
    ? Object.fromEntries(Object.entries(shape.dispatch.choices).map(([value, choice]) => [value, withSiblingIds(choice, shapes)]))
    : null;
  let result = choices && shape.dispatch ? { ...shape, dispatch: { argument: shape.dispatch.argument, choices } } : shape;
  if (result.idArgument === null) {
    const siblings = shapes.filter((other) => other.entity === result.entity && other.idArgument !== null);
    const sibling = siblings.find((other) => other.operation !== 'create') ?? siblings[0];
    if (sibling) result = { ...result, idField: sibling.idField, numericId: sibling.numericId };
  }
  return result;
}

/**
 * A list's leading words that a required argument names are its scope, not its entity:
 * `get_thread_replies(thread_ts)` lists replies in a thread.
 */
export function withScopes(entities: ReadonlySet<string>, tool: ToolDefinition, parsed: ParsedName): ReadonlySet<string> {
  if (parsed.meaning?.operation !== 'read' && parsed.meaning?.operation !== 'list') return entities;
  if (!parsed.plural) return entities;
  const stems = [...requiredOf(tool)].map((name) => toWords(name).slice(0, -1).join('_')).filter((stem) => stem !== '');
  return stems.length === 0 ? entities : new Set([...entities, ...stems]);
}

/**
 * `get_channel_history(channel_id)`: a history, feed or timeline lists what a create of the server
 * posts to the same place (the create that requires the same arguments: `post_message(channel_id, text)`).
 */
export function toPostedEntity(
  shape: ToolShape,
  tool: ToolDefinition,
  tools: readonly ToolDefinition[],
  shapes: ReadonlyMap<string, ToolShape>,
): ToolShape | null {
  if (shape.operation !== 'list' || !collectiveNouns.has(shape.entity.split('_').at(-1)!)) return null;
  const required = [...requiredOf(tool)];
  const poster = tools.find((other) => {
    const candidate = shapes.get(other.name)!;
    const theirs = requiredOf(other);
    return candidate.operation === 'create' && required.length > 0 && required.every((name) => theirs.has(name));
  });
  return poster ? { ...shape, entity: shapes.get(poster.name)!.entity } : null;
}

/** Verbs that start a run of something (`run_job`, `trigger_build`): a create of it when the server reads such runs. */
export const runVerbs: ReadonlySet<string> = new Set(['run', 'trigger', 'launch', 'execute']);

/**
 * `run_job(component_id, configuration_id)` starts a job that `get_job(job_id)` reads: a create of a job. A name that puts
 * its method last, after the resource (`pods_run(image)` beside `pods_get(name)`), says the same with the verb in the other place.
 */
export function toRunShape(shape: ToolShape, shapes: ReadonlyMap<string, ToolShape>, tool?: ToolDefinition): ToolShape | null {
  // A name without a verb of the table (`run_job`) is basis `none`, or `name` where its description opens on one ("Execute a …").
  if (shape.operation !== 'other' || (shape.basis !== 'none' && shape.basis !== 'name')) return null;
  const [verb, ...rest] = shape.entity.split('_');
  // `pods_run`: the resource before the method, its last word made singular (the reading kept only `run`, `pod` being another tool's).
  const named = toWords(shape.tool);
  const last = rest.length === 0 && named.length > 1 && named.at(-1) === verb ? named.slice(0, -1) : null;
  const resource = last ? [...last.slice(0, -1), toSingular(last.at(-1)!)] : rest;
  if (verb === undefined || !runVerbs.has(verb) || resource.length === 0) return null;
  const entity = resource.join('_');
  const reader = [...shapes.values()].find((other) => other.entity === entity && other.operation === 'read' && other.idArgument !== null);
  if (!reader) return null;
  // `run_query(id)` beside `get_query(id)`: a run of the one saved query (report, workflow) its own id names acts on that
  // record, it makes none; `run_job(component_id)` makes a job.
  if (tool !== undefined && reader.idArgument !== null && requiredOf(tool).has(reader.idArgument))
    return {
      ...shape,
      entity,
      basis: 'name',
      idArgument: reader.idArgument,
      idField: reader.idField,
      numericId: reader.numericId,
      strict: true,
    };
  if (shape.basis !== 'none') return null;
  return { ...shape, operation: 'create', entity, basis: 'name', idField: reader.idField, numericId: reader.numericId };
}

/** `list_children(nodeId)`: the children of a node are nodes (Alfresco, file trees, page trees). */
export function toChildrenShape(shape: ToolShape, tool: ToolDefinition, shapes: ReadonlyMap<string, ToolShape>): ToolShape | null {
  if (shape.operation !== 'list' || (shape.entity !== 'child' && shape.entity !== 'descendant')) return null;
  const parent = [...requiredOf(tool)]
    .map((name) => toWords(name))
    .filter((words) => words.length > 1 && ['id', 'key', 'uuid', 'gid'].includes(words[words.length - 1]!))
    .map((words) => words.slice(0, -1).join('_'))
    .find((entity) => [...shapes.values()].some((other) => other.entity === entity && other.operation !== 'list'));
  return parent ? { ...shape, entity: parent } : null;
}
