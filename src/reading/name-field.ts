/**
 * The one field that names a record of a type, read once per service model and type
 * (read-server.ts, `idTraitsOf`; `mcpsim explain` shows it as `named by`): the field a new mock's
 * starting world, a described record and a made-up reference record carry their name in, and the
 * one a create of the type writes it to. A known service's own (a Shopify product's `title`,
 * data/id-formats.json); else a commit's `message`; else the one the type's create (else its update)
 * writes (written-name-field.ts: `name`, `title`, Twilio's `FriendlyName`, a ticket's `subject`, a
 * comment's `body`); else `title` where the service calls what names the type its title; else the
 * id field of a create or write that takes the id from its caller (`Key` of `put_object`, `Bucket` of
 * `create_bucket`); else `name`.
 *
 * A service calls it a title where a tool of the type takes a `title`, sorts by `TITLE` (Shopify's
 * `get-products(sortKey: TITLE)`) or says its search matches a title (Calibre's `search_books`:
 * 'title:"The Spell of the Yukon"'), and none takes or sorts by a `name`.
 */
import type { ToolDefinition } from '../domain/registry.js';
import type { ToolShape } from './tool-shape.js';
import { knownLabelField } from './service-id-formats.js';
import { isCommitType } from './entity-words.js';
import { isPersonNamed, toCallerKey, toWrittenNameField } from './written-name-field.js';

/**
 * @example
 *   toNameField(tools, shapes, [], 'product'); // 'title' where get-products(sortKey: 'ID' | 'TITLE' | 'VENDOR')
 *   toNameField(tools, shapes, [], 'ticket'); // 'subject' where create_ticket(requester_id, subject) is required both
 */
export function toNameField(
  tools: readonly ToolDefinition[],
  shapes: ReadonlyMap<string, ToolShape>,
  serverNames: readonly string[],
  entity: string,
): string {
  const known = knownLabelField(serverNames, entity);
  if (known !== null) return known;
  if (isCommitType(entity)) return 'message';
  const written = toWrittenNameField(tools, shapes, entity);
  if (written !== null) return written;
  if (isTitledEntity(tools, shapes, entity)) return 'title';
  return toCallerKey(tools, shapes, entity) ?? 'name';
}

function isTitledEntity(tools: readonly ToolDefinition[], shapes: ReadonlyMap<string, ToolShape>, entity: string): boolean {
  let title = false;
  for (const tool of tools) {
    const shape = shapes.get(tool.name);
    const choices = shape?.dispatch ? Object.values(shape.dispatch.choices) : shape ? [shape] : [];
    if (!choices.some((choice) => choice.entity === entity)) continue;
    const words = schemaWords(tool.inputSchema);
    if (words.has('name')) return false;
    if (isPersonNamed(words)) return false;
    if (words.has('title') || /\btitle\b/i.test(tool.description ?? '')) title = true;
  }
  return title;
}

/** The property names and string enum values of a schema, lower-cased, at any depth. */
function schemaWords(schema: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const item of schema) schemaWords(item, into);
  else if (schema !== null && typeof schema === 'object') {
    for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
      if (key === 'properties' && value !== null && typeof value === 'object')
        for (const name of Object.keys(value)) into.add(name.toLowerCase());
      if (key === 'enum' && Array.isArray(value)) for (const item of value) if (typeof item === 'string') into.add(item.toLowerCase());
      if (key !== 'description') schemaWords(value, into);
    }
  }
  return into;
}
