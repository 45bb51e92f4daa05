/**
 * The person a description says is calling: whose account, workspace or inbox the mock is ("The
 * Todoist account of Maya Chen", "Nadia Rahman runs the team's ClickUp workspace", "signed in as
 * Grace Hopper", "Kenji Sato is signed in to the space"). A current-user read (`whoami`, `get_me`) answers that person, not the stand-in
 * every world starts with (sim/stateful/answers/current-user-answer.ts). Only a first and last name,
 * each capitalised, is taken: a lowercase word or a team name is not a person.
 */
import { readsCurrentUser } from './answer-kind.js';
import type { ServiceModel } from './read-server.js';

// An article opens a sentence about a thing (`The Sync Service runs …`), not a person.
const person = String.raw`((?!(?:The|A|An|This|Our|Your)\b)[A-Z][a-z]+(?:[ -][A-Z][a-z'-]+)+)`;
const places = String.raw`(?:account|workspace|inbox|mailbox|calendar|profile|organization|org|team|store|shop)`;
const callerPatterns = [
  // `The Todoist account of Maya Chen`
  new RegExp(String.raw`\b${places} (?:of|belonging to|owned by) ${person}\b`),
  // `Maya Chen's Todoist account`
  new RegExp(String.raw`\b${person}'s (?:[A-Z][\w.-]* )?${places}\b`),
  // `signed in as Grace Hopper`, `You are Grace Hopper`
  new RegExp(String.raw`\b(?:signed|logged) in as ${person}\b|\b[Yy]ou are ${person}\b`),
  // `Kenji Sato is signed in to the Backlog space`, `Kenji Sato is logged in`
  new RegExp(String.raw`^${person} is (?:signed|logged) in\b`),
  // `The current user is Kenji Sato`, `the authenticated user is Kenji Sato`
  new RegExp(String.raw`\b(?:current|authenticated|signed-in|logged-in) user is ${person}\b`),
  // `Nadia Rahman runs the marketing team's workspace` (the sentence's subject)
  new RegExp(String.raw`^${person}(?:,[^,]{1,60},)? (?:runs|owns|manages|administers|uses|is the owner of)\b`),
];

/**
 * The name of the person the sentences say is calling, or null.
 *
 * @example
 *   toDescribedCaller(['The Todoist account of Maya Chen.']); // 'Maya Chen'
 *   toDescribedCaller(['The shop has two products.']); // null
 */
export function toDescribedCaller(sentences: readonly string[]): string | null {
  for (const sentence of sentences)
    for (const pattern of callerPatterns) {
      const found = pattern.exec(sentence.trim());
      if (found) return found.slice(1).find((group) => group !== undefined) ?? null;
    }
  return null;
}

/**
 * The entity type a current-user read of the server answers (`user` of `clickup_whoami`), or null.
 *
 * @example
 *   toCallerType(model); // 'user'
 */
export function toCallerType(model: Pick<ServiceModel, 'tools' | 'shapes'>): string | null {
  for (const tool of model.tools) {
    const shape = model.shapes.get(tool.name);
    if (shape && readsCurrentUser(shape, tool)) return shape.entity;
  }
  return null;
}
