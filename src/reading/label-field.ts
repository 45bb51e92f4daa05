/**
 * The field a described name is written to for a type (`name`, `title`, Twilio's `FriendlyName`, a
 * ticket's `subject`, an object's `Key`), read from the server's create and update tools. Pure.
 */
import { toOwnBody } from './described-fields.js';
import type { ServiceModel } from './read-server.js';

/**
 * The field a name is written to: `name` or `title` where the type's create (else its update)
 * takes one, else a name written for people (`FriendlyName`, `displayName`), else the first plain text its create requires (`subject` of a ticket, `summary` of an
 * event), else the id field of a write that takes the id from its caller (`Key` of `put_object`),
 * else `name`.
 */
export function labelField(model: Pick<ServiceModel, 'tools' | 'shapes'>, type: string): string {
  // `put_object(Bucket, Key, Body)` with no create: the caller names what it writes, and a described name is that key.
  let upsertKey: string | undefined;
  // A type no tool creates names its label as its update writes it (Cal.com's `updateEventType(title)`).
  // …unless a write takes the id from its caller (`put_object(Key)`): then a described name is that key.
  const creates = model.tools.some((tool) => {
    const shape = model.shapes.get(tool.name);
    return shape?.entity === type && (shape.operation === 'create' || (shape.upsert === true && shape.idArgument !== null));
  });
  for (const tool of model.tools) {
    const shape = model.shapes.get(tool.name);
    if (shape?.entity === type && shape.upsert && shape.idArgument !== null) upsertKey ??= shape.idField;
    if (shape?.entity !== type || shape.operation !== (creates ? 'create' : 'update')) continue;
    const schema = tool.inputSchema as Record<string, unknown>;
    // The object that holds them, with its required list: the tool's, its body's (`{ticket: {subject}}`), a batch's items.
    const owner = toOwnBody(schema, type);
    const properties = (owner.properties ?? {}) as Record<string, Record<string, unknown>>;
    if (Object.hasOwn(properties, 'name')) return 'name';
    if (Object.hasOwn(properties, 'title')) return 'title';
    // Twilio's `FriendlyName`, Google's `displayName`: the name written for people, beside a key such as `UniqueName`.
    const readable = Object.keys(properties).find((name) => /^(?:friendly|display)_?name$/i.test(name));
    if (readable !== undefined) return readable;
    const required = Array.isArray(owner.required) ? (owner.required as unknown[]) : [];
    const text = required.find((name): name is string => typeof name === 'string' && isPlainText(properties[name], name));
    if (text !== undefined) return text;
  }
  return upsertKey ?? 'name';
}

/** A free-text property: a string with no enum or format, not an id, reference or state. */
function isPlainText(schema: unknown, name: string): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  const { type, enum: values, format } = schema as Record<string, unknown>;
  // `ConversationSid`, `conversation_sid`: a string identifier (Twilio's SID) is a reference, not a name.
  return (
    type === 'string' &&
    values === undefined &&
    format === undefined &&
    !/(?:^id|_ids?|Ids?|ID|^sid|_sids?|Sids?|SID)$|^(?:status|state)$/.test(name)
  );
}
