/**
 * What a call on an existing conversation adds to it. A reply to a thread (a private message, a
 * ticket, a topic) named by the id its reads take is a message in that thread, of the type the
 * server's own create of messages makes (`reply_private_message(topic_id, raw)` beside
 * `create_post(topic_id, raw)` writes a post under the message 201, not a second private
 * message); an invite to it adds the person to its participants (`invite_to_private_message(topic_id,
 * username)` adds to the `usernames` its create takes), not a new conversation.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { isControlArgument } from '../domain/world-query.js';
import { toPlural, toWords } from './entity-words.js';
import { propertiesOf, requiredOf } from './tool-id-argument.js';
import type { ToolShape } from './tool-shape.js';

const replyVerbs = new Set(['reply', 'respond', 'answer']);
const inviteVerbs = new Set(['invite']);

/**
 * The reading of a reply or an invite on a thread the server reads by id, or null.
 *
 * @example
 *   toThreadAddition(replyShape, replyTool, tools, shapes); // { operation: 'create', entity: 'post', ... }
 */
export function toThreadAddition(
  shape: ToolShape,
  tool: ToolDefinition,
  tools: readonly ToolDefinition[],
  shapes: ReadonlyMap<string, ToolShape>,
): ToolShape | null {
  if (shape.operation !== 'create' || shape.dispatch) return null;
  const verb = toWords(tool.name).find((word) => replyVerbs.has(word) || inviteVerbs.has(word));
  if (verb === undefined) return null;
  const required = requiredOf(tool);
  // The thread: a type of the server read by an id argument this call must be given, its own type first.
  const readers = [...shapes.values()].filter(
    (other) => other.operation === 'read' && other.idArgument !== null && required.has(other.idArgument),
  );
  const thread = readers.find((other) => other.entity === shape.entity) ?? (readers.length === 1 ? readers[0] : undefined);
  if (!thread) return null;
  return replyVerbs.has(verb) ? toReply(shape, tool, tools, shapes, thread) : toInvite(shape, tool, tools, shapes, thread);
}

/** The server's create of another type whose required data the reply gives, the thread's id among it (`create_post(topic_id, raw)`). */
function toReply(
  shape: ToolShape,
  tool: ToolDefinition,
  tools: readonly ToolDefinition[],
  shapes: ReadonlyMap<string, ToolShape>,
  thread: ToolShape,
): ToolShape | null {
  const properties = propertiesOf(tool);
  const makers = tools.filter((other) => {
    const maker = shapes.get(other.name);
    if (!maker || maker.operation !== 'create' || maker.entity === thread.entity || maker.entity === 'item' || other === tool) return false;
    const needs = [...requiredOf(other)].filter((name) => !isControlArgument(name));
    return needs.includes(thread.idArgument!) && needs.every((name) => Object.hasOwn(properties, name));
  });
  const maker = makers.length === 1 ? shapes.get(makers[0]!.name)! : null;
  if (!maker) return null;
  return { ...shape, entity: maker.entity, idArgument: null, idField: maker.idField, numericId: maker.numericId };
}

/** An update of the thread that adds the invited one to the list its create takes in the plural (`username` → `usernames`). */
function toInvite(
  shape: ToolShape,
  tool: ToolDefinition,
  tools: readonly ToolDefinition[],
  shapes: ReadonlyMap<string, ToolShape>,
  thread: ToolShape,
): ToolShape | null {
  const creates = tools.filter(
    (other) => shapes.get(other.name)?.operation === 'create' && shapes.get(other.name)?.entity === thread.entity,
  );
  const lists = new Set(creates.flatMap((other) => Object.keys(propertiesOf(other))));
  const member = Object.keys(propertiesOf(tool)).find((name) => name !== thread.idArgument && lists.has(toPlural(name)));
  if (member === undefined) return null;
  return {
    ...shape,
    operation: 'update',
    entity: thread.entity,
    idArgument: thread.idArgument,
    idField: thread.idField,
    numericId: thread.numericId,
    strict: true,
    upsert: false,
    sets: {},
    listField: { field: toPlural(member), argument: member, remove: false },
  };
}
