/**
 * Mail a description lists as a mailbox's owner sees it: `Inbox: an unread message from Priya Shah
 * <priya@acme.io> 'Q3 invoice overdue' received Nov 20 about invoice 2231; a starred thread with
 * Leo about the offsite (2 messages); a draft to ops@acme.io 'Weekly report'`. Mail has no name to
 * list after a type's word: a message is known by who sent it, its subject and its day, so the
 * names reading (described-world.ts) seeds none of it. Each clause that speaks of a message, an
 * email, a thread or a draft and says who it is from or to, or what it is about, is seeded as
 * records of the server's mail type (the type its reads list: `message` of `listMessages`), in the
 * vocabulary its tools speak (mail-vocabulary.ts): Gmail's `labelIds` (INBOX, UNREAD, STARRED),
 * else the read and flag fields Outlook-like schemas keep. A thread's messages share a `threadId`.
 * A draft is a record of the server's draft type where it keeps one. Pure: ids come from the
 * caller's `newId`, dates from the scenario's clock.
 */
import { toCallerDetails, toDescribedCaller } from './described-caller.js';
import type { Mention, SeededWorld } from './described-holdings.js';
import { toDateTime } from './described-participles.js';
import { toWords } from './entity-words.js';
import { toMailTypes, toMailVocabulary, type MailVocabulary } from './mail-vocabulary.js';
import type { ServiceModel } from './read-server.js';

type Model = Pick<ServiceModel, 'entityTypes' | 'tools' | 'shapes'>;

const mailWord = /\b(?:messages?|e-?mails?|mails?|threads?|drafts?|repl(?:y|ies))\b/i;
const email = String.raw`[\w.+-]+@[\w-]+(?:\.[\w-]+)+`;
// `Priya Shah <priya@acme.io>`, `Priya Shah (priya@acme.io)`, `priya@acme.io`, `Leo`: a person as mail names one.
const party = String.raw`((?:[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,3})?)\s*(?:[<(](${email})[>)]|(${email}))?`;
const counts: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };
const monthNames: Record<string, string> = {
  jan: 'January',
  feb: 'February',
  mar: 'March',
  apr: 'April',
  jun: 'June',
  jul: 'July',
  aug: 'August',
  sep: 'September',
  oct: 'October',
  nov: 'November',
  dec: 'December',
};
/** At most this many messages in one described thread. */
const threadLimit = 10;
/** The labels every Gmail-like mailbox has, whose ids are their names. */
const systemLabels = ['INBOX', 'SENT', 'DRAFT', 'SPAM', 'TRASH', 'UNREAD', 'STARRED', 'IMPORTANT'];
/** A heading before a colon that says where the clauses after it lie (`Inbox:`, `Sent:`). */
const boxes: Record<string, string> = { inbox: 'INBOX', sent: 'SENT', drafts: 'DRAFT', spam: 'SPAM', trash: 'TRASH', archive: 'ARCHIVE' };

/**
 * The messages and drafts the sentences describe, seeded into `world` (none where the server keeps no mail type).
 *
 * @example
 *   seedMail(model, world, ["Inbox: an unread message from Priya Shah <priya@acme.io> 'Q3 invoice overdue' received Nov 20"], now);
 *   // world.entities.message: { '18f…': { id, threadId, from: 'Priya Shah <priya@acme.io>', subject: 'Q3 invoice overdue', labelIds: ['INBOX', 'UNREAD'], … } }
 */
export function seedMail(model: Model, world: SeededWorld, sentences: readonly string[], now: string): Mention[] {
  const types = toMailTypes(model);
  if (types === null) return [];
  const words = toMailVocabulary(model, types);
  const owner = toOwner(sentences);
  if (words.labels !== undefined) seedSystemLabels(model, world);
  const mentions: Mention[] = [];
  let box = 'INBOX';
  let order = 0;
  sentences.forEach((sentence, index) => {
    const heading = /^\s*([A-Za-z]+)\s*:\s*/.exec(sentence);
    const opened = heading ? boxes[heading[1]!.toLowerCase()] : undefined;
    if (heading) box = opened ?? 'INBOX';
    const clause = opened === undefined ? sentence : sentence.slice(heading![0].length);
    const mail = toMail(clause, opened === undefined && heading ? undefined : box);
    if (mail === null) return;
    const draft = mail.draft && types.draft !== undefined;
    const type = draft ? types.draft! : types.mail;
    // Undated mail came before the dated and the written order is newest first, half a day apart.
    const last = toPastDay(clause, now) ?? toHoursBefore(now, 12 * order++);
    let threadId: string | undefined;
    for (let turn = 0; turn < mail.count; turn++) {
      const id = world.newId(type);
      threadId ??= id;
      // A thread with someone goes back and forth: theirs first, then the owner's reply.
      const incoming = mail.box !== 'SENT' && !mail.draft && (turn % 2 === 0 || owner === undefined);
      const other = mail.from ?? mail.to ?? mail.with;
      const fields: Record<string, unknown> = {
        id,
        ...(draft ? {} : { [words.thread]: threadId }),
        [words.from]: incoming ? other : owner,
        [words.to]: incoming ? owner : other,
        [words.subject]: turn === 0 ? mail.subject : `Re: ${mail.subject}`,
        [words.body]: mail.about ?? mail.subject,
        ...(words.snippet !== undefined ? { [words.snippet]: mail.about ?? mail.subject } : {}),
        [words.date]: toHoursBefore(last, mail.count - 1 - turn),
        ...toMarks(words, { ...mail, box: incoming || mail.draft ? mail.box : 'SENT' }, turn === mail.count - 1),
      };
      const held = (world.entities[type] ??= {});
      held[id] = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
      mentions.push({ type, fields: held[id], where: [index] });
    }
  });
  return mentions;
}

/**
 * Gmail-like labels: the boxes and marks are labels whose id is their name (`INBOX`, `UNREAD`), listed before the
 * user's own, which the description named (`Labels: Receipts, Travel`); so `modifyMessageLabels(addLabelIds: ['STARRED'])`
 * names a label `listLabels` shows.
 */
function seedSystemLabels(model: Model, world: SeededWorld): void {
  const type = [...model.entityTypes.keys()].find((name) => toWords(name).at(-1) === 'label');
  if (type === undefined) return;
  const idField = model.entityTypes.get(type)!.idField;
  const system = Object.fromEntries(systemLabels.map((name) => [name, { [idField]: name, name, type: 'system' }]));
  const own = Object.entries(world.entities[type] ?? {}).map(([id, fields]) => [id, { ...fields, type: fields.type ?? 'user' }]);
  world.entities[type] = { ...system, ...Object.fromEntries(own) };
}

interface Mail {
  from?: string;
  to?: string;
  with?: string;
  subject: string;
  about?: string;
  count: number;
  draft: boolean;
  box: string;
  flags: Set<string>;
}

/** A clause's message: who it is from, to or with, its subject and its marks; null where the clause is not about mail. */
function toMail(clause: string, box: string | undefined): Mail | null {
  if (!mailWord.test(clause) || (box === undefined && !/^\s*(?:an?|one|two|three|\d+)\b/i.test(clause))) return null;
  const from = toParty(clause, 'from');
  const to = toParty(clause, 'to');
  const withWhom = toParty(clause, 'with');
  const quoted = /(?:^|[\s(:])(?:subject\s+)?['"“‘]([^'"“”‘’]{1,120})['"”’](?=[\s,.;:)]|$)/i.exec(clause)?.[1]?.trim();
  // `about the offsite (2 messages)`, `about invoice 2231 received …`: what the message says, up to the next part of the clause.
  const about = /\babout\s+(?:the\s+)?(.{1,120}?)(?=\s*(?:\(|,|;|\.$|$|\s+(?:received|sent|dated|on|from|to|with)\b))/i
    .exec(clause)?.[1]
    ?.trim();
  if (quoted === undefined && about === undefined && from === undefined && to === undefined && withWhom === undefined) return null;
  const draft = /\bdrafts?\b/i.test(clause) || box === 'DRAFT';
  const counted = /\(?\b(\d+|one|two|three|four|five|six)\s+(?:messages|emails|mails|replies)\b/i.exec(clause)?.[1];
  const count = counted === undefined ? (/\bthread\b/i.test(clause) ? 2 : 1) : (counts[counted.toLowerCase()] ?? Number(counted));
  const flags = new Set(
    [...clause.matchAll(/\b(unread|read|starred|flagged|important|archived|spam|trashed|deleted)\b/gi)].map((found) =>
      found[1]!.toLowerCase(),
    ),
  );
  const subject = quoted ?? (about === undefined ? 'No subject' : about.charAt(0).toUpperCase() + about.slice(1));
  return {
    ...(from !== undefined ? { from } : {}),
    ...(to !== undefined ? { to } : {}),
    ...(withWhom !== undefined ? { with: withWhom } : {}),
    subject,
    ...(about !== undefined && quoted !== undefined ? { about } : {}),
    count: Math.min(Math.max(count, 1), threadLimit),
    draft,
    box: draft ? 'DRAFT' : /\bsent\b/i.test(clause) && !/\breceived\b/i.test(clause) && to !== undefined ? 'SENT' : (box ?? 'INBOX'),
    flags,
  };
}

/** `from Priya Shah <priya@acme.io>`: the party after the word, as mail writes it (`Priya Shah <priya@acme.io>`, or the address alone). */
function toParty(clause: string, word: string): string | undefined {
  const found = new RegExp(String.raw`\b${word}\s+${party}`).exec(clause);
  if (!found) return undefined;
  const name = found[1]?.trim() || undefined;
  const address = found[2] ?? found[3];
  if (address !== undefined) return name === undefined ? address : `${name} <${address}>`;
  return name;
}

/** The mailbox's owner as mail names them (`Maya Chen <maya@acme.io>`), from the description's caller and the address beside them. */
function toOwner(sentences: readonly string[]): string | undefined {
  const name = toDescribedCaller(sentences);
  if (name === null) return undefined;
  const address =
    toCallerDetails(sentences, name).email ??
    new RegExp(email).exec(sentences.find((sentence) => sentence.includes(name) && new RegExp(email).test(sentence)) ?? '')?.[0];
  return address === undefined ? name : `${name} <${address}>`;
}

/** `received Nov 20`, `on 2026-11-20 at 09:12`: the day a message came, the last such day up to now where no year is written. */
function toPastDay(clause: string, now: string): string | undefined {
  const written = /\b(?:received|sent|dated|on)\s+(.{3,40}?)(?=\s*(?:,|;|\(|\.$|$|\s+(?:about|from|to|with)\b))/i.exec(clause)?.[1];
  // `Nov 20`: a month written short, as mail clients show it.
  const spelled = written?.replace(
    /\b(jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\b\.?/i,
    (short) => monthNames[short.slice(0, 3).toLowerCase()] ?? short,
  );
  const at = spelled === undefined ? undefined : toDateTime(spelled, now);
  if (at === undefined) return undefined;
  return at > now && !/\d{4}/.test(written!) ? `${Number(at.slice(0, 4)) - 1}${at.slice(4)}` : at;
}

/** The time so many hours before `time`: a thread's earlier messages an hour apart before its last. */
function toHoursBefore(time: string, hours: number): string {
  return new Date(Date.parse(time) - hours * 3_600_000).toISOString();
}

/** The marks a message's words give it, in the server's vocabulary: Gmail's labels or Outlook-like flags. */
function toMarks(words: MailVocabulary, mail: Mail, last: boolean): Record<string, unknown> {
  const unread = mail.flags.has('unread') && last;
  const starred = (mail.flags.has('starred') || mail.flags.has('flagged')) && last;
  const important = mail.flags.has('important');
  const box = mail.flags.has('spam')
    ? 'SPAM'
    : mail.flags.has('trashed') || mail.flags.has('deleted')
      ? 'TRASH'
      : mail.flags.has('archived')
        ? 'ARCHIVE'
        : mail.box;
  if (words.labels !== undefined) {
    const labels = [box === 'ARCHIVE' ? [] : [box], unread ? ['UNREAD'] : [], starred ? ['STARRED'] : [], important ? ['IMPORTANT'] : []];
    return { [words.labels]: labels.flat() };
  }
  return {
    ...(words.read !== undefined ? { [words.read.field]: words.read.positive ? !unread : unread } : {}),
    ...(words.starred !== undefined ? { [words.starred]: starred } : {}),
    ...(words.folder !== undefined ? { [words.folder]: box.toLowerCase() } : {}),
  };
}
