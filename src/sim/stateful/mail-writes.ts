/**
 * What a mailbox does that a plain record store does not (reading/mail-vocabulary.ts says which type
 * is the mail and how its fields are spelled). A send makes a message in SENT, dated now, in the
 * thread of the message it answers (`replyToMessageId`, `threadId`) or a thread of its own. A
 * draft's send takes the draft out of the drafts and puts a message in SENT. A trash moves a
 * message to TRASH and an untrash takes it back to the inbox: not a delete, it is kept. A list
 * leaves out what is in TRASH or SPAM unless it asks for them (`in:trash`, `labelIds: ['TRASH']`,
 * `includeSpamTrash`), and `in:sent`, `in:inbox` keep what carries that label. Labels only:
 * Gmail-like mailboxes, where one list of label ids holds a message's box.
 */
import { entitiesOf } from '../../domain/world-query.js';
import { toWords } from '../../reading/entity-words.js';
import { toMailTypes, toMailVocabulary, type MailTypes, type MailVocabulary } from '../../reading/mail-vocabulary.js';
import type { Answer, AnswerInput } from './world-conventions.js';
import { mailOwnerOf } from './mail-owner.js';

type Create = (input: AnswerInput) => Answer;

const sendVerbs = new Set(['send', 'reply', 'forward']);
/** `in:sent`: the box a query's `in:` term names, as a label. */
const boxLabels: Record<string, string> = {
  inbox: 'INBOX',
  sent: 'SENT',
  trash: 'TRASH',
  spam: 'SPAM',
  draft: 'DRAFT',
  drafts: 'DRAFT',
  starred: 'STARRED',
  important: 'IMPORTANT',
  unread: 'UNREAD',
};
const binned = ['TRASH', 'SPAM'];

/**
 * The answer of a mailbox's send, draft send or trash, or null where the call is none of them.
 *
 * @example
 *   answerMailWrite(input, create); // sendEmail: the new message, labelIds ['SENT'], in its own thread
 */
export function answerMailWrite(input: AnswerInput, create: Create): Answer | null {
  const mail = toMail(input);
  if (mail === null) return null;
  const { types, labels } = mail;
  const verbs = toWords(input.shape.tool);
  if (verbs.some((word) => sendVerbs.has(word)) && input.shape.entity === types.mail && input.shape.operation === 'create')
    return withSent(input, create(input), mail);
  if (verbs.includes('send') && input.shape.entity === types.draft && input.shape.idArgument !== null) return sendDraft(input, types, mail);
  // `createDraft(to, subject, body)`: a draft is the owner's mail too, from them before it is sent.
  if (input.shape.entity === types.draft && input.shape.operation === 'create') {
    const drafted = create(input);
    return withFields(drafted, fromOwner(input, mail, drafted.changes?.upserts?.[0]?.fields ?? {}));
  }
  const trash = verbs.includes('untrash') ? false : verbs.includes('trash') ? true : null;
  if (trash !== null && input.shape.entity === types.mail && input.shape.idArgument !== null) return moveToTrash(input, labels, trash);
  return null;
}

/**
 * A list of the mail type as a mailbox lists it: TRASH and SPAM left out unless asked for, `in:` terms kept to their box.
 *
 * @example
 *   withMailBoxes(input).args; // { q: '' } and only the messages labelled SENT, for { q: 'in:sent' }
 */
export function withMailBoxes(input: AnswerInput): AnswerInput {
  const mail = toMail(input);
  if (mail === null || input.shape.entity !== mail.types.mail) return input;
  const { labels } = mail;
  const asked = new Set<string>();
  const args: Record<string, unknown> = { ...input.args };
  for (const [name, value] of Object.entries(args)) {
    if (typeof value === 'string' && /(?:^|\s)-?in:/.test(value))
      args[name] = value
        .replace(/(?:^|\s)in:(\w+)(?=\s|$)/gi, (term, box: string) => {
          const label = boxLabels[box.toLowerCase()];
          if (label === undefined) return box.toLowerCase() === 'anywhere' ? (asked.add('*'), ' ') : term;
          asked.add(label);
          return ' ';
        })
        .trim();
    if (Array.isArray(value)) for (const item of value) if (typeof item === 'string' && binned.includes(item)) asked.add(item);
  }
  const everything = asked.has('*') || Object.entries(args).some(([name, value]) => /spam/i.test(name) && value === true);
  const kept = Object.fromEntries(
    entitiesOf(input.world, mail.types.mail)
      .filter(({ fields }) => {
        const held = labelsOf(fields, labels);
        const boxes = [...asked].filter((label) => label !== '*');
        if (boxes.length > 0) return boxes.every((label) => held.includes(label));
        return everything || !held.some((label) => binned.includes(label));
      })
      .map(({ id, fields }) => [id, fields]),
  );
  return { ...input, args, world: { ...input.world, entities: { ...input.world.entities, [mail.types.mail]: kept } } };
}

interface Mail {
  types: MailTypes;
  words: MailVocabulary;
  labels: string;
}

/** Whether and how the server keeps mail: asked on every create and list, read once per service model (it never changes). */
function toMail({ model }: AnswerInput): Mail | null {
  let mail = mailByModel.get(model);
  if (mail === undefined) mailByModel.set(model, (mail = readMail(model)));
  return mail;
}

const mailByModel = new WeakMap<object, Mail | null>();

function readMail(model: AnswerInput['model']): Mail | null {
  const types = toMailTypes(model);
  if (types === null) return null;
  const words = toMailVocabulary(model, types);
  return words.labels === undefined ? null : { types, words, labels: words.labels };
}

function labelsOf(fields: Readonly<Record<string, unknown>>, labels: string): string[] {
  const held = fields[labels];
  return Array.isArray(held) ? held.filter((label): label is string => typeof label === 'string') : [];
}

/** The created message, from the mailbox's owner, put in SENT, dated now and in the thread of what it answers, or a thread of its own. */
function withSent(input: AnswerInput, created: Answer, mail: Mail): Answer {
  const { words, labels } = mail;
  const upsert = created.changes?.upserts?.[0];
  if (created.error !== undefined || upsert === undefined) return created;
  const answered = Object.entries(input.args).find(([name, value]) => typeof value === 'string' && /reply|inreplyto|thread/i.test(name));
  const original = answered === undefined ? undefined : input.world.entities[input.shape.entity]?.[String(answered[1])];
  const thread = original?.[words.thread] ?? (answered !== undefined && /thread/i.test(answered[0]) ? answered[1] : undefined) ?? upsert.id;
  return withFields(created, {
    ...fromOwner(input, mail, upsert.fields),
    [words.thread]: thread,
    [labels]: ['SENT'],
    [words.date]: input.now,
  });
}

/** The created record's answer and stored fields with `extra` on top. */
function withFields(created: Answer, extra: Record<string, unknown>): Answer {
  const upsert = created.changes?.upserts?.[0];
  if (created.error !== undefined || upsert === undefined) return created;
  const value = typeof created.value === 'object' && created.value !== null ? { ...created.value, ...extra } : created.value;
  return { ...created, value, changes: { ...created.changes, upserts: [{ ...upsert, fields: { ...upsert.fields, ...extra } }] } };
}

/** `{from: owner}` where the mail has no sender of its own and the mailbox shows whose it is (mail-owner.ts); else nothing. */
function fromOwner(input: AnswerInput, { types, words }: Mail, fields: Readonly<Record<string, unknown>>): Record<string, unknown> {
  if (fields[words.from] !== undefined && fields[words.from] !== '') return {};
  const owner = mailOwnerOf(input.world, input.model, types, words);
  return owner === undefined ? {} : { [words.from]: owner };
}

/** `sendDraft(draftId)`: the draft leaves the drafts and its message is in SENT, dated now. */
function sendDraft(input: AnswerInput, types: MailTypes, { words, labels }: Mail): Answer {
  const draftId = String(input.args[input.shape.idArgument!]);
  const draft = input.world.entities[types.draft!]?.[draftId];
  if (draft === undefined) return { error: `Draft ${draftId} not found` };
  const existing = Object.keys(input.world.entities[types.mail] ?? {});
  const id = nextId(existing, draftId);
  const { id: _draftOwnId, [labels]: _draftLabels, ...kept } = draft;
  const sender = fromOwner(input, { types, words, labels }, kept);
  const fields = { id, ...kept, ...sender, [words.thread]: draft[words.thread] ?? id, [labels]: ['SENT'], [words.date]: input.now };
  return {
    value: fields,
    changes: { deletes: [{ type: types.draft!, id: draftId }], upserts: [{ type: types.mail, id, fields }] },
  };
}

/** A new message id beside the ones held: one after the highest where they share a format, else the draft's id with a mark. */
function nextId(existing: readonly string[], draftId: string): string {
  const hex = existing.filter((id) => /^[0-9a-f]{16}$/.test(id)).sort();
  const last = hex.at(-1);
  if (last !== undefined) return (BigInt(`0x${last}`) + 1n).toString(16).padStart(16, '0');
  return `${draftId}-sent`;
}

/** `trashMessage(messageId)`: TRASH on, INBOX off; `untrashMessage`: TRASH off, back in the INBOX where it was not one the owner sent. */
function moveToTrash(input: AnswerInput, labels: string, trash: boolean): Answer {
  const id = String(input.args[input.shape.idArgument!]);
  const message = input.world.entities[input.shape.entity]?.[id];
  if (message === undefined) return { error: `Message ${id} not found` };
  const held = labelsOf(message, labels);
  const moved = trash
    ? [...held.filter((label) => label !== 'INBOX' && label !== 'TRASH'), 'TRASH']
    : [...(held.includes('SENT') ? [] : ['INBOX']), ...held.filter((label) => label !== 'TRASH' && label !== 'INBOX')];
  const fields = { ...message, [labels]: moved };
  return { value: fields, changes: { upserts: [{ type: input.shape.entity, id, fields: { [labels]: moved } }] } };
}
