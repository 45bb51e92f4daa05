/**
 * Where an update moves its entity, in the field the entity keeps its place in: `move_email(uid,
 * sourceMailbox, targetMailbox)` on an email that holds `mailbox` sets `mailbox` to the target, so
 * a list by `mailbox` finds it in its new place and no longer in the old one; `targetMailbox` and
 * `sourceMailbox` are the call's words for where it goes and where it was, not fields of the email.
 * An entity that holds no such field keeps the arguments as they are.
 */
import { toWords } from '../../reading/entity-words.js';
import { toNormalName } from '../../domain/world-query.js';

/** First words of an argument that name where the entity goes. */
const destinationWords = new Set(['to', 'target', 'destination', 'dest', 'new']);
/** First words of an argument that name where the entity was. */
const sourceWords = new Set(['source', 'from', 'src', 'old', 'current']);

/**
 * Rewrites an update's `changes` in place: a destination argument sets the field it names without
 * its place word, a source argument is dropped, where the entity's `fields` hold that field.
 *
 * @example
 *   const changes = { sourceMailbox: 'INBOX', targetMailbox: 'Receipts' };
 *   movePlaces({ uid: 1, mailbox: 'INBOX' }, changes); // changes is now { mailbox: 'Receipts' }
 */
export function movePlaces(fields: Readonly<Record<string, unknown>>, changes: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(changes)) {
    const words = toWords(name);
    const first = words[0];
    if (words.length < 2 || first === undefined || (!destinationWords.has(first) && !sourceWords.has(first))) continue;
    const plain = toNormalName(words.slice(1).join('_'));
    const field = Object.keys(fields).find((key) => key !== name && toNormalName(key) === plain);
    if (field === undefined) continue;
    delete changes[name];
    if (destinationWords.has(first)) changes[field] = value;
  }
}
