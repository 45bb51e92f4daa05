/**
 * `attach_image_to_card(cardId, imageUrl)` "Attach an image to a card" where another tool reads an
 * attachment by id: a create whose verb's own noun (`attach` → `attachment`, `subscribe` →
 * `subscription`, `invite` → `invitation`) is a type the server keeps makes one of that type;
 * the name's object (the image) is what it holds. English forms the noun of an action
 * from its verb the same way in every service, so the server's other tools say which reading holds.
 * Part of the server-wide pass (server-types.ts). Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import type { AgreedObject } from './agreed-object.js';
import { toWords } from './entity-words.js';
import type { ToolShape } from './tool-shape.js';

/**
 * The type the name's verb is the action of, where another tool keeps it; null where none is.
 *
 * @example
 *   toVerbNoun(shape, tool('attach_file_to_card', { cardId: text, fileUrl: text }), kept, new Set()); // { type: 'attachment', … } where a tool reads attachments
 */
export function toVerbNoun(
  shape: ToolShape,
  tool: ToolDefinition,
  kept: (type: string) => boolean,
  serviceWords: ReadonlySet<string>,
): AgreedObject | null {
  // A read, list or search names what it answers; only an action is named for its verb.
  // A create makes one of what its verb names; an update or other action (`subscribeToIssue(issueId)`) may act on the thing it names by id.
  if (shape.dispatch || shape.operation !== 'create') return null;
  const verb = toWords(tool.name).find((word) => !serviceWords.has(word));
  if (verb === undefined || verb.length < 3) return null;
  for (const type of toActionNouns(verb)) {
    if (type === shape.entity || !kept(type)) continue;
    return {
      type,
      why: `the name's verb "${verb}" is the action of making the server's type ${type}, which its other tools keep; "${shape.entity.replace(/_/g, ' ')}" is what the new ${type} holds`,
    };
  }
  return null;
}

/**
 * The nouns English forms of an action from its verb: `-ment` (attach, assign), `-ion` (connect,
 * subscribe → subscription), `-ation` (invite, register, reserve). A noun the language forms
 * another way (`pay` → `payment` too) is found the same way.
 */
function toActionNouns(verb: string): string[] {
  const stem = verb.endsWith('e') ? verb.slice(0, -1) : verb;
  const nouns = [`${verb}ment`, `${stem}ion`, `${stem}ation`];
  // subscribe → subscription, describe → description.
  if (verb.endsWith('be')) nouns.push(`${verb.slice(0, -2)}ption`);
  return nouns;
}
