/**
 * A send makes a message of the kind the mailbox lists. Mail servers name their send for the word
 * people use (`sendEmail`, `send_mail`) and their reads for the record (`listMessages`,
 * `getMessage`): one thing, two words. Where a create of one mail word is the only tool of that
 * word and the server's reads list another, the create makes records of the listed type, so a sent
 * message is one `listMessages` finds (server-types.ts calls this pass). Pure.
 */
import { toWords } from './entity-words.js';
import type { ToolShape } from './tool-shape.js';

const mailNouns = new Set(['message', 'email', 'mail']);

/**
 * The shapes with each lone mail create re-read as a create of the listed mail type, with why; a
 * corrected tool keeps its reading.
 *
 * @example
 *   withMailSends(shapes, () => false).get('sendEmail')?.entity; // 'message' beside listMessages and getMessage
 */
export function withMailSends(shapes: ReadonlyMap<string, ToolShape>, corrected: (name: string) => boolean): Map<string, ToolShape> {
  const result = new Map(shapes);
  const isMail = (entity: string) => mailNouns.has(toWords(entity).at(-1) ?? '');
  const listed = [...shapes.values()].find(
    (shape) => isMail(shape.entity) && (shape.operation === 'list' || shape.operation === 'search'),
  )?.entity;
  if (listed === undefined) return result;
  for (const [name, shape] of shapes) {
    if (shape.operation !== 'create' || shape.entity === listed || !isMail(shape.entity) || corrected(name) || shape.dispatch) continue;
    // A type other tools read, change or delete is kept apart: the server keeps it as a thing of its own.
    if ([...shapes.values()].some((other) => other.entity === shape.entity && other.tool !== name)) continue;
    result.set(name, {
      ...shape,
      entity: listed,
      entityWhy: `"${shape.entity.replace(/_/g, ' ')}" is another word for the ${listed.replace(/_/g, ' ')} the server's reads list, and no other tool keeps it apart`,
    });
  }
  return result;
}
