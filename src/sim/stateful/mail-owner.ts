/**
 * Who mail sent from a mailbox is from. A mail service fills a sent message's sender from the
 * account the credentials belong to (Gmail's `From` is the authenticated user; Graph's `from` the
 * mailbox's owner), so a send or a new draft that names no sender is from the mailbox's owner: the
 * one its own mail shows (the sender of what it sent or drafted, else the one recipient all its
 * received mail shares, as described-mail.ts writes the owner), else the caller a current-user read
 * answers where the world holds one. Spelled as the mailbox already spells it (`Maya Chen
 * <maya@acme.io>`). Pure.
 */
import type { WorldState } from '../../domain/memory-log.js';
import { toCallerType } from '../../reading/described-caller.js';
import type { MailTypes, MailVocabulary } from '../../reading/mail-vocabulary.js';
import type { ServiceModel } from '../../reading/read-server.js';

const ownBoxes = new Set(['SENT', 'DRAFT', 'sent', 'drafts', 'draft']);

/**
 * The mailbox owner's address as its mail writes it, or undefined where nothing shows who it is.
 *
 * @example
 *   mailOwnerOf(world, model, { mail: 'message', draft: 'draft' }, words); // 'Maya Chen <maya@acme.io>'
 */
export function mailOwnerOf(
  world: WorldState,
  model: Pick<ServiceModel, 'tools' | 'shapes'>,
  types: MailTypes,
  words: Pick<MailVocabulary, 'from' | 'to' | 'labels' | 'folder'>,
): unknown {
  const mail = Object.values(world.entities[types.mail] ?? {});
  const drafts = types.draft === undefined ? [] : Object.values(world.entities[types.draft] ?? {});
  const boxesOf = (fields: Record<string, unknown>): unknown[] => [
    ...(words.labels !== undefined && Array.isArray(fields[words.labels]) ? (fields[words.labels] as unknown[]) : []),
    ...(words.folder !== undefined ? [fields[words.folder]] : []),
  ];
  const isOwn = (fields: Record<string, unknown>) => boxesOf(fields).some((box) => ownBoxes.has(String(box)));
  const written = [...drafts, ...mail.filter(isOwn)];
  const sender = written.map((fields) => fields[words.from]).find(isGiven);
  if (sender !== undefined) return sender;
  // Received mail is to its owner: the one recipient every message not sent from the box shares.
  const recipients = new Set(
    mail
      .filter((fields) => !isOwn(fields))
      .map((fields) => fields[words.to])
      .filter(isGiven),
  );
  if (recipients.size === 1 && typeof [...recipients][0] === 'string') return [...recipients][0];
  const type = toCallerType(model);
  const [caller] = Object.values(type === null ? {} : (world.entities[type] ?? {}));
  if (caller === undefined || typeof caller.name !== 'string') return undefined;
  return typeof caller.email === 'string' ? `${caller.name} <${caller.email}>` : caller.name;
}

function isGiven(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}
