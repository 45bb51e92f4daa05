/**
 * The person a description says is calling: whose account, workspace or inbox the mock is ("The
 * Todoist account of Maya Chen", "Nadia Rahman runs the team's ClickUp workspace", "signed in as
 * Grace Hopper", "Kenji Sato is signed in to the space", "I am Priya Shah"). A current-user read (`whoami`, `get_me`) answers that person, not the stand-in
 * every world starts with (sim/stateful/answers/current-user-answer.ts). Only a first and last name,
 * each capitalised, is taken: a lowercase word or a team name is not a person.
 */
import { readsCurrentUser } from './answer-kind.js';
import type { ServiceModel } from './read-server.js';

// An article opens a sentence about a thing (`The Sync Service runs …`), not a person.
const person = String.raw`((?!(?:The|A|An|This|Our|Your)\b)[A-Z][a-z]+(?:[ -][A-Z][a-z'-]+)+)`;
const places = String.raw`(?:account|workspace|inbox|mailbox|calendar|profile|organization|org|team|store|shop)`;
// `Marta Kowalska (login marta, marta@example.com) is signed in`: a person introduced with their handle in brackets.
const aside = String.raw`(?: \([^()]{1,80}\))?`;
/** Ways a description names its caller, the plainest first: a scenario that says `I am Mara Lindqvist` after `The workspace of Northwind Labs` speaks as Mara. */
const callerPatterns = [
  // `I am Priya Shah (priya@acme.dev), an engineer on the Platform team`: the scenario's writer speaks as the caller
  new RegExp(String.raw`^(?:I am|I'm|I’m) ${person}${aside}(?=[\s,.;:]|$)`),
  // `signed in as Grace Hopper`, `You are Grace Hopper`
  new RegExp(String.raw`\b(?:signed|logged) in as ${person}\b|\b[Yy]ou are ${person}\b`),
  // `The current user is Kenji Sato`, `the authenticated user is Kenji Sato`
  new RegExp(String.raw`\b(?:current|authenticated|signed-in|logged-in) user is ${person}\b`),
  // `Kenji Sato is signed in to the Backlog space`, `Kenji Sato is logged in`
  new RegExp(String.raw`^${person}${aside} is (?:signed|logged) in\b`),
  // `a design studio run by Nora Quinn (nora@mapleandpine.ca)`, `the team of Brightline Bikes, run by Sam Ortiz`: who runs
  // a place is its caller, before a place's owner named by the place's own name (`team of Brightline Bikes`)
  new RegExp(String.raw`\b(?:run|owned|managed|administered) by ${person}${aside}(?=[\s,.;:]|$)`),
  // `The Todoist account of Maya Chen`
  new RegExp(String.raw`\b${places} (?:of|belonging to|owned by) ${person}\b`),
  // `Maya Chen's Todoist account`
  new RegExp(String.raw`\b${person}'s (?:[A-Z][\w.-]* )?${places}\b`),
  // `Nadia Rahman runs the marketing team's workspace` (the sentence's subject)
  new RegExp(String.raw`^${person}${aside}(?:,[^,]{1,60},)? (?:runs|owns|manages|administers|uses|is the owner of)\b`),
];

/**
 * The name of the person the sentences say is calling, or null.
 *
 * @example
 *   toDescribedCaller(['The Todoist account of Maya Chen.']); // 'Maya Chen'
 *   toDescribedCaller(['The shop has two products.']); // null
 */
export function toDescribedCaller(sentences: readonly string[]): string | null {
  for (const pattern of callerPatterns)
    for (const sentence of sentences) {
      const found = pattern.exec(sentence.trim());
      if (found) return found.slice(1).find((group) => group !== undefined) ?? null;
    }
  return null;
}

/**
 * The login and email the description gives the caller in brackets after their name (`Marta
 * Kowalska (login marta, marta@example.com)`): a service's user has a handle and an address beside
 * a display name, and a current-user read answers those, not made-up ones.
 *
 * @example
 *   toCallerDetails(['Marta Kowalska (login marta, marta@example.com) is signed in.'], 'Marta Kowalska');
 *   // { login: 'marta', email: 'marta@example.com' }
 */
export function toCallerDetails(sentences: readonly string[], name: string): { login?: string; email?: string } {
  // The name is the one `person` matched: letters, spaces, hyphens and apostrophes, nothing a pattern reads.
  const named = new RegExp(String.raw`${name} \(([^()]{1,80})\)`);
  for (const sentence of sentences) {
    const inside = named.exec(sentence)?.[1];
    if (inside === undefined) continue;
    const email = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/.exec(inside)?.[0];
    const login = /\b(?:login|username|user name|handle)[:\s]+@?([\w.-]*\w)/i.exec(inside)?.[1];
    return { ...(login !== undefined ? { login } : {}), ...(email !== undefined ? { email } : {}) };
  }
  return {};
}

/**
 * The entity type a current-user read of the server answers (`user` of `clickup_whoami`), or null.
 *
 * @example
 *   toCallerType(model); // 'user'
 */
export function toCallerType(model: Pick<ServiceModel, 'tools' | 'shapes'>): string | null {
  // A fact of the server, asked on every create (membership-records.ts): read once per model, which never changes.
  let found = callerTypes.get(model);
  if (found === undefined) callerTypes.set(model, (found = readCallerType(model)));
  return found;
}

const callerTypes = new WeakMap<object, string | null>();

function readCallerType(model: Pick<ServiceModel, 'tools' | 'shapes'>): string | null {
  for (const tool of model.tools) {
    const shape = model.shapes.get(tool.name);
    if (shape && readsCurrentUser(shape, tool)) return shape.entity;
  }
  return null;
}
