/**
 * The field a type's create (else its update) writes a record's name to, as the service's own API
 * spells it: `name` or `title`; else the name written for people (Twilio's `FriendlyName`, Google's
 * `displayName`); else the type's own name field (ERPNext's `customer_name`, monday's `boardName`);
 * else a required naming text (a ticket's `subject`, an event's `summary`); else the required text
 * a written thing is (a comment's `body`, a message's `text`, a Todoist task's `content`). Nothing
 * else a create requires names the record: a parent (`owner`, `workspace`, `projectKey`), a date,
 * a secret or a path is what the record belongs to or holds. Pure; read through name-field.ts.
 */
import type { ToolDefinition } from '../domain/registry.js';
import type { ToolShape } from './tool-shape.js';
import { toOwnBody } from './own-body.js';
import { toWords } from './entity-words.js';
import { toAssignedIds } from './assigned-ids.js';

type Schema = Record<string, unknown>;

/** `FriendlyName`, `displayName`, `display_name`: the name a service keeps for people beside a machine key. */
const readableName = /^(?:friendly|display)_?name$/i;
/** The words that name a thing in a line of text (Google's and Jira's `summary`, an email's and a ticket's `subject`). */
const namingWords = /^(?:subject|summary|headline|caption|label)$/i;
/** The text a written thing is (a comment, a message, a note): `text`, `body`, `content`, `message`. */
const writtenText = /^(?:text|body|content|message|note|comment)$/i;
/** The same text spelled with the type's word: `comment_text`, `comment_html`, `noteBody`. */
const ownText = /^(?:text|body|content|html)$/;
/** `path`, `file_path`, `fileName`: a write of a file, whose text is its content and whose path names it. */
const filePath = /^(?:path|file_?path|file_?name)$/i;

/**
 * The field the type's writes name it by, or null where they take none of these.
 *
 * @example
 *   toWrittenNameField([createTicket], shapes, 'ticket'); // 'subject' for create_ticket(requester_id, subject), both required
 */
export function toWrittenNameField(
  tools: readonly ToolDefinition[],
  shapes: ReadonlyMap<string, ToolShape>,
  entity: string,
): string | null {
  // A file is named by its path or name, never by its content or the message of the commit that writes it (`push_files(files, message)`).
  if (toWords(entity).at(-1) === 'file') return null;
  // A type no tool creates names its label as its update writes it (Cal.com's `updateEventType(title)`).
  const creates = [...shapes.values()].some(
    (shape) => shape.entity === entity && (shape.operation === 'create' || (shape.upsert === true && shape.idArgument !== null)),
  );
  for (const tool of tools) {
    const shape = shapes.get(tool.name);
    if (shape?.entity !== entity || shape.operation !== (creates ? 'create' : 'update')) continue;
    // A write of a file (`create_or_update_file(path, content, message)`) ends the search: its path, not a text, names it.
    const found = nameFieldOf(toOwnBody(tool.inputSchema as Schema, entity), entity);
    if (found !== undefined) return found;
  }
  return null;
}

/**
 * `put_object(Bucket, Key, Body)`, `create_bucket(Bucket)`: the id field of a create or upsert that
 * takes the id from its caller, who names what it writes; null where none does, where the key is
 * only an id, or where the service assigns the ids and keeps the caller's name as data (assigned-ids.ts).
 */
export function toCallerKey(tools: readonly ToolDefinition[], shapes: ReadonlyMap<string, ToolShape>, entity: string): string | null {
  for (const shape of shapes.values())
    if (
      shape.entity === entity &&
      (shape.operation === 'create' || shape.upsert === true) &&
      shape.idArgument !== null &&
      !bareId.test(shape.idField) &&
      !toAssignedIds(tools, shapes, entity).assigned
    )
      return shape.idField;
  return null;
}

/** `id`, `budget_id`, `uuid`: a key that is only an id names nothing for people. */
const bareId = /(?:^|_)(?:id|uuid)$|Id$/i;

/**
 * The naming field of one write's own body (the tool's, its `{ticket: {subject}}`, a batch's items):
 * undefined where it takes none, null where it writes a file that its path names.
 */
function nameFieldOf(owner: Schema, entity: string): string | null | undefined {
  const properties = (owner.properties ?? {}) as Record<string, unknown>;
  if (Object.hasOwn(properties, 'name')) return 'name';
  const names = Object.keys(properties);
  if (Object.hasOwn(properties, 'title') && !isPersonNamed(names)) return 'title';
  const readable = names.find((name) => readableName.test(name));
  if (readable !== undefined) return readable;
  const own = names.find((name) => isOwnNameField(name, entity) && isPlainText(properties[name]));
  if (own !== undefined) return own;
  const required = (Array.isArray(owner.required) ? (owner.required as unknown[]) : []).filter(
    (name): name is string => typeof name === 'string' && isPlainText(properties[name]),
  );
  const naming = required.find((name) => namingWords.test(name));
  if (naming !== undefined) return naming;
  if (names.some((name) => filePath.test(name))) return null;
  return required.find((name) => writtenText.test(name) || isOwnField(name, entity, ownText));
}

/**
 * `firstName` and `lastName` beside `title` ("e.g., Mr., Mrs., Dr."): a person, whose title is a
 * salutation, not what names them.
 */
export function isPersonNamed(names: Iterable<string>): boolean {
  const words = [...names];
  return words.some((name) => /^(?:first|given)_?name$/i.test(name)) && words.some((name) => /^(?:last|family)_?name$/i.test(name));
}

/** `customer_name` of a customer, `boardName` of a board, `columnTitle` of a column: the type's word, then name or title. */
function isOwnNameField(name: string, entity: string): boolean {
  return isOwnField(name, entity, /^(?:name|title)$/);
}

/** A field named by the type's word and then a last word `last` matches (`comment_text` of a comment). */
function isOwnField(name: string, entity: string, last: RegExp): boolean {
  const words = toWords(name);
  if (words.length < 2 || !last.test(words.at(-1)!)) return false;
  return words.slice(0, -1).join('_') === entity || words.at(-2) === toWords(entity).at(-1);
}

/** A free-text property: a string with no enum or format. */
function isPlainText(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  const { type, enum: values, format } = schema as Schema;
  return type === 'string' && values === undefined && format === undefined;
}
