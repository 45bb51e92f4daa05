/**
 * Which of a server's types is its mail, and the words its tools use for a message's parts. Mail
 * services agree on what a message is (a sender, recipients, a subject, a body, a day, a thread)
 * and differ in how they spell it: Gmail keeps a message's place and marks in `labelIds` (INBOX,
 * UNREAD, STARRED), Outlook's Graph in `isRead`, `flag` and a folder, Fastmail in keywords. The
 * spelling is read from the tools' own schemas and descriptions, so a seeded message (described-mail.ts)
 * and a sent one show the fields the service's reads show. Pure.
 */
import { outputProperties } from './entity-traits.js';
import { toWords } from './entity-words.js';
import type { ServiceModel } from './read-server.js';

type Model = Pick<ServiceModel, 'entityTypes' | 'tools' | 'shapes'>;

/** The server's mail type (what its reads list) and its draft type where it keeps drafts apart. */
export interface MailTypes {
  mail: string;
  draft?: string;
}

/** A message's fields as the server spells them. */
export interface MailVocabulary {
  from: string;
  to: string;
  subject: string;
  /** The fields that hold what a message says (`body`, and `snippet` where the reads show one). */
  body: string;
  snippet?: string;
  date: string;
  thread: string;
  /** Gmail-like: one list of label ids holds the box (INBOX, SENT) and the marks (UNREAD, STARRED). */
  labels?: string;
  /** The read mark where no labels hold it: `isRead` (true when read) or `unread` (true when not). */
  read?: { field: string; positive: boolean };
  starred?: string;
  folder?: string;
}

const mailNouns = new Set(['message', 'email', 'mail']);

/**
 * The type a server's mail reads act on, or null where it keeps no mail.
 *
 * @example
 *   toMailTypes(readServer(gmailTools)); // { mail: 'message', draft: 'draft' }
 */
export function toMailTypes(model: Model): MailTypes | null {
  const acted = (type: string, operations: readonly string[]) =>
    [...model.shapes.values()].some((shape) => shape.entity === type && operations.includes(shape.operation));
  const candidates = [...model.entityTypes.keys()].filter((type) => mailNouns.has(toWords(type).at(-1) ?? ''));
  const mail = candidates.find((type) => acted(type, ['list', 'search'])) ?? candidates.find((type) => acted(type, ['read']));
  // A chat's messages have no subject: only a type whose tools speak of a subject is mail (Slack's `message` is not).
  if (mail === undefined || !namedByTools(model, candidates)('subject')) return null;
  const draft = [...model.entityTypes.keys()].find((type) => toWords(type).at(-1) === 'draft');
  return { mail, ...(draft !== undefined ? { draft } : {}) };
}

/**
 * The fields the mail type's tools name for a message's parts, each the first the tools name of
 * the ways services spell it, else the plain word.
 */
export function toMailVocabulary(model: Model, types: MailTypes): MailVocabulary {
  const named = namedByTools(model, [types.mail, ...(types.draft !== undefined ? [types.draft] : [])]);
  const first = (choices: readonly string[]) => choices.find((choice) => named(choice));
  const read = first(['isRead', 'is_read', 'seen', 'unread', 'isUnread', 'is_unread']);
  const snippet = first(['snippet', 'bodyPreview', 'preview']);
  const labels = first(['labelIds', 'label_ids']);
  const starred = first(['isStarred', 'starred', 'is_starred', 'flagged', 'isFlagged', 'flag']);
  const folder = first(['folder', 'mailbox', 'folderId', 'parentFolderId']);
  return {
    from: first(['from', 'sender', 'fromAddress', 'from_address']) ?? 'from',
    to: first(['to', 'toRecipients', 'recipients', 'to_address']) ?? 'to',
    subject: first(['subject', 'title']) ?? 'subject',
    body: first(['body', 'text', 'content', 'textBody']) ?? 'body',
    ...(snippet !== undefined ? { snippet } : {}),
    date: first(['date', 'receivedDateTime', 'receivedAt', 'received_at', 'sentDateTime', 'internalDate']) ?? 'date',
    thread: first(['threadId', 'thread_id', 'conversationId', 'conversation_id']) ?? 'threadId',
    ...(labels !== undefined ? { labels } : {}),
    ...(labels === undefined && read !== undefined ? { read: { field: read, positive: !/unread/i.test(read) } } : {}),
    ...(labels === undefined && starred !== undefined ? { starred } : {}),
    ...(labels === undefined && folder !== undefined ? { folder } : {}),
  };
}

/** Whether the types' tools name a field: a property of their input or output schemas, or a word of their descriptions. */
function namedByTools(model: Model, types: readonly string[]): (field: string) => boolean {
  const properties = new Set<string>();
  const texts: string[] = [];
  for (const tool of model.tools) {
    if (!types.includes(model.shapes.get(tool.name)?.entity ?? '')) continue;
    for (const name of Object.keys(outputProperties(tool.inputSchema))) properties.add(name);
    for (const name of Object.keys(outputProperties(tool.outputSchema))) properties.add(name);
    texts.push(tool.description ?? '');
  }
  const text = texts.join('\n');
  return (field) => properties.has(field) || new RegExp(String.raw`(?<![\w-])${field}(?![\w-])`).test(text);
}
