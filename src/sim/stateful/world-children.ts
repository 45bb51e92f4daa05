/**
 * Sub-entities and their parents: a reply, a comment, an invoice item or a child node is stored as
 * its own type with its parent's id in a field (the parent argument it was created with), and
 * shows where the server's tools look for it: in a list filtered by the parent
 * (`get_thread_replies(thread_ts)`, `list_children(nodeId)`), and in the parent's read when the
 * read's outputSchema has a list of them (`get_invoice` → `items`).
 */
import { toPlural, toSingular, toWords } from '../../reading/entity-words.js';
import type { ToolShape } from '../../reading/tool-operation.js';
import { toParentReferences } from '../../reading/tool-parents.js';
import { entitiesOf, fieldValue, isControlArgument, toNormalName, valuesMatch, type EntityRecord } from '../../domain/world-query.js';
import type { AnswerInput } from './world-conventions.js';
import { toAncestorList } from './ancestor-list.js';
import { isRecord } from '../../domain/json-record.js';

const idWords = ['id', 'key', 'number', 'slug', 'uuid', 'ts'];

/**
 * The call as the world answers it: a create that no other tool reads back makes the type of the
 * list that takes its arguments (`reply_to_thread` makes the `reply` that `get_thread_replies`
 * lists); a list of `children` under a parent lists the parent's own type by its parent field.
 *
 * @example
 *   toRelatedInput(input).shape.entity; // 'reply' for slack_reply_to_thread
 */
export function toRelatedInput(input: AnswerInput): AnswerInput {
  if (input.shape.operation === 'create') return toListedCreate(input);
  // `list_page_ancestors(pageId)`: the pages its parent field leads up to (ancestor-list.ts).
  if (input.shape.operation === 'list' || input.shape.operation === 'search') return toChildList(toAncestorList(input));
  if (input.shape.operation === 'read' && input.shape.idArgument === null && !input.shape.find) return toParentHistory(input);
  return input;
}

/**
 * `get_channel_history(channel_id)`: a read of something no tool makes, named only by a parent,
 * lists what the simplest create under that parent made (`post_message(channel_id, text)`).
 */
function toParentHistory(input: AnswerInput): AnswerInput {
  const { shape } = input;
  const shapes = allShapes(input);
  if (shapes.some((other) => other.entity === shape.entity && other.operation === 'create')) return input;
  const required = requiredData(input, shape.tool);
  const references = toParentReferences(input.tool, shape, input.shapes);
  if (required.length === 0 || !required.some((name) => references.some((reference) => reference.argument === name))) return input;
  const candidates = shapes
    .filter((other) => other.operation === 'create' && other.entity !== 'item' && other.idArgument === null)
    .map((other) => ({ other, required: requiredData(input, other.tool) }))
    .filter(({ other, required: needs }) => {
      const properties = input.serverTools.find((tool) => tool.name === other.tool)?.inputSchema.properties ?? {};
      return required.every((name) => Object.hasOwn(properties, name)) && needs.some((name) => !required.includes(name));
    })
    .filter(({ other }) => !shapes.some((lister) => lister.entity === other.entity && lister.operation === 'list'))
    .sort((a, b) => a.required.length - b.required.length);
  const best = candidates[0];
  if (!best || candidates[1]?.required.length === best.required.length) return input;
  return {
    ...input,
    shape: { ...shape, operation: 'list', entity: best.other.entity, idField: best.other.idField, numericId: best.other.numericId },
  };
}

function allShapes(input: AnswerInput): ToolShape[] {
  return [...input.shapes.values()].flatMap((shape) => [shape, ...Object.values(shape.dispatch?.choices ?? {})]);
}

function requiredData(input: AnswerInput, toolName: string): string[] {
  const tool = input.serverTools.find((candidate) => candidate.name === toolName);
  const required = Array.isArray(tool?.inputSchema.required) ? (tool.inputSchema.required as string[]) : [];
  return required.filter((name) => !isControlArgument(name));
}

/** `reply_to_thread(channel_id, thread_ts, text)`: nothing acts on `thread`; `get_thread_replies(channel_id, thread_ts)` lists replies. */
function toListedCreate(input: AnswerInput): AnswerInput {
  const { shape } = input;
  const shapes = allShapes(input);
  // `jira_comments(action: 'get' | 'add')`: the same tool's other operation acts on comments, too.
  if (shapes.some((other) => other.entity === shape.entity && (other.tool !== shape.tool || other.operation !== shape.operation)))
    return input;
  const properties = new Set(Object.keys((input.tool.inputSchema.properties ?? {}) as Record<string, unknown>));
  const candidates = shapes
    .filter(
      (other) =>
        (other.operation === 'list' || other.operation === 'search') &&
        other.entity !== 'item' &&
        !shapes.some((maker) => maker.entity === other.entity && maker.operation === 'create'),
    )
    .map((other) => ({ other, required: requiredData(input, other.tool) }))
    .filter(({ required }) => required.length > 0 && required.every((name) => properties.has(name)))
    .sort((a, b) => b.required.length - a.required.length);
  const best = candidates[0];
  if (!best || candidates[1]?.required.length === best.required.length) return input;
  return { ...input, shape: { ...shape, entity: best.other.entity, idField: best.other.idField, numericId: best.other.numericId } };
}

/** `list_children(nodeId)`: the nodes whose parent field (`parentId`, what `create_node` takes) is that node. */
function toChildList(input: AnswerInput): AnswerInput {
  const { shape } = input;
  // The name's `children` (the inference may already have read the entity as the parent's type: `node`).
  if (shape.entity !== 'child' && shape.entity !== 'children' && !/(^|[_-])children$/i.test(input.tool.name)) return input;
  const asChildren = { ...shape, entity: 'child' };
  const reference = toParentReferences(input.tool, asChildren, input.shapes).find(
    (candidate) => input.args[candidate.argument] !== undefined,
  );
  if (!reference) return input;
  const create = allShapes(input).find((other) => other.entity === reference.entity && other.operation === 'create');
  const tool = create && input.serverTools.find((candidate) => candidate.name === create.tool);
  const field = Object.keys((tool?.inputSchema.properties ?? {}) as Record<string, unknown>).find((name) =>
    /^parent(id|key|uuid|ref)?$/.test(toNormalName(name)),
  );
  if (!field) return input;
  const { [reference.argument]: parent, ...rest } = input.args;
  return {
    ...input,
    args: { ...rest, [field]: parent },
    shape: { ...shape, entity: reference.entity, idField: reference.idField, numericId: reference.numericId },
    listName: 'children',
  };
}

/**
 * The entity with the lists its read's outputSchema has of its sub-entities filled from the world
 * (`items` of an invoice: the `invoice_item`s whose `invoice_id` is the invoice's). For the answer
 * only: the world keeps each sub-entity once, under its own type.
 */
export function withChildLists(input: AnswerInput, entity: EntityRecord): EntityRecord {
  const properties = outputProperties(input);
  const names = properties
    ? Object.entries(properties)
        .filter(([, schema]) => isRecord(schema) && schema.type === 'array' && isRecord(schema.items))
        .map(([name]) => name)
    : describedLists(input);
  if (names.length === 0) return entity;
  const parent = input.shape.entity;
  // A list the description promises is there when empty too; one of the outputSchema only when it has items.
  const lists: Record<string, unknown[]> = properties ? {} : Object.fromEntries(names.map((name) => [name, []]));
  for (const name of names) {
    const singular = toSingular(toWords(name).join('_'));
    for (const type of Object.keys(input.world.entities)) {
      if (type === parent || (type !== singular && !type.endsWith(`_${singular}`))) continue;
      const children = entitiesOf(input.world, type).filter((child) => linksTo(child, input, entity));
      if (children.length > 0) lists[name] = [...(lists[name] ?? []), ...children.map((child) => child.fields)];
    }
  }
  // A list the entity was written with (`create_sales_order(items: [...])`) stays, unless its children are in the world.
  const shown = Object.entries(lists).filter(([name, list]) => list.length > 0 || !Array.isArray(entity.fields[name]));
  return shown.length === 0 ? entity : { ...entity, fields: { ...entity.fields, ...Object.fromEntries(shown) } };
}

/**
 * The lists of sub-entities a read's description promises when it has no outputSchema: "Get a
 * ticket by its ID, with its comments" → `comments`, when the world holds comments or a tool
 * makes them.
 *
 * @example
 *   describedLists(input); // ['comments'] for zendesk_get_ticket
 */
function describedLists(input: AnswerInput): string[] {
  const description = (input.tool.description ?? '').toLowerCase();
  // `include_comments: true`: the caller asks for the comments, whatever the description says.
  const asked = includedLists(input.args);
  if (!/\b(with|including|includes|and)\b/.test(description) && asked.size === 0) return [];
  // "with full details (variants, images, options)", "Get a pull request: metadata, …, comments and changed files":
  // the words the clause after `with` (or the colon) names, to the end of its sentence.
  const clause = /\b(?:with|including|includes)\b([^.]*)|^[^:.]*:([^.]*)/.exec(description);
  const clauseWords = new Set([...(clause?.[1] ?? clause?.[2] ?? '').split(/[^a-z]+/), ...asked]);
  const types = new Set([...Object.keys(input.world.entities), ...allShapes(input).map((shape) => shape.entity)]);
  types.delete(input.shape.entity);
  const named: string[] = [];
  for (const type of types) {
    const words = toWords(type);
    const plural = toPlural(words[words.length - 1] ?? '');
    if (plural === '' || named.includes(plural)) continue;
    // "Read a private message, its posts, and …": a possessive in the read's list of what it answers promises those too.
    const promised = new RegExp(
      `\\b(with|including|includes|and)\\s+(its|their|the|all|all its)?\\s*(\\w+\\s+)?${plural}\\b|,\\s+(its|their)\\s+(\\w+\\s+)?${plural}\\b`,
    );
    if (promised.test(description) || clauseWords.has(plural)) named.push(plural);
  }
  return named;
}

/** The lists a call asks for by a flag set to true (`include_comments`, `includeTasks` → `comments`, `tasks`). */
function includedLists(args: Readonly<Record<string, unknown>>): Set<string> {
  const asked = new Set<string>();
  for (const [name, value] of Object.entries(args)) {
    const words = toWords(name);
    if (value === true && words[0] === 'include' && words.length > 1) asked.add(words.slice(1).join('_'));
  }
  return asked;
}

/** The outputSchema's properties of the entity (inside a wrapper named for it, `{ invoice: {...} }`). */
function outputProperties(input: AnswerInput): Record<string, unknown> | null {
  const properties = input.tool.outputSchema?.properties;
  if (!isRecord(properties)) return null;
  const wrapper = Object.entries(properties).find(([name]) => toNormalName(name) === toNormalName(input.shape.entity))?.[1];
  return isRecord(wrapper) && isRecord(wrapper.properties) ? wrapper.properties : properties;
}

/** Whether a sub-entity names this parent: a field such as `invoice_id`, `parent_task_id` or the parent read's own id argument. */
function linksTo(child: EntityRecord, input: AnswerInput, parent: EntityRecord): boolean {
  const type = toNormalName(input.shape.entity);
  const idArgument = input.shape.idArgument === null ? null : toNormalName(input.shape.idArgument);
  const parentIds = [parent.id, fieldValue(parent.fields, input.shape.idField)].filter((value) => value !== undefined);
  return Object.entries(child.fields).some(([name, value]) => {
    const normal = toNormalName(name);
    const names = normal === idArgument || idWords.some((word) => normal.endsWith(`${type}${word}`));
    return names && parentIds.some((id) => valuesMatch(value, id));
  });
}
