/**
 * `linear_getMilestones` "Get project milestones", `linear_createMilestone` "Create a new project
 * milestone": where the first sentence of every description of the tools a one-word entity's
 * names end with writes it after the same other entity of the server, the service's type is the
 * compound (`project_milestone`) and the names only shorten it. One tool that writes the word alone
 * ("Create a comment") keeps it, and so does one where every tool takes the qualifier's id (a scope). Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { toFullWord, toSingular, toWords } from './entity-words.js';
import { toIdStem } from './id-stem.js';
import { propertiesOf } from './tool-id-argument.js';
import type { ToolShape } from './tool-shape.js';

/** What the rule reads of the server (part of `EntityContext`). */
export interface QualifierContext {
  entities: ReadonlySet<string>;
  nameWords: ReadonlyMap<string, readonly string[]>;
  tools: ReadonlyMap<string, ToolDefinition>;
}

/**
 * The compound every description writes a one-word entity as, or null.
 *
 * @example
 *   toDescribedQualifier({ ...shape, entity: 'milestone' }, context); // 'project_milestone'
 */
export function toDescribedQualifier(shape: ToolShape, context: QualifierContext): string | null {
  const entity = shape.entity;
  if (shape.dispatch || entity.includes('_')) return null;
  const own = [...context.nameWords].filter(([, words]) => words[words.length - 1] === entity);
  // Two tools at least: one sentence is too little to name a service's type.
  if (own.length < 2) return null;
  let qualifier: string | null = null;
  for (const [name] of own) {
    const sentence = toFirstSentenceWords(context.tools.get(name)?.description ?? '');
    const before = sentence.flatMap((word, at) => (word === entity && at > 0 ? [sentence[at - 1]!] : []));
    const found = before.find((word) => word !== entity && context.entities.has(word));
    if (found === undefined || (qualifier !== null && found !== qualifier)) return null;
    qualifier = found;
  }
  if (qualifier === null) return null;
  // Where every one of them takes the qualifier's id (`list_repo_hooks(repo)`), it is a scope, not part of the type.
  const scoped = own.every(([name]) =>
    Object.keys(propertiesOf(context.tools.get(name)!)).some((argument) => toIdStem(argument).name === qualifier),
  );
  return scoped ? null : `${qualifier}_${entity}`;
}

function toFirstSentenceWords(description: string): string[] {
  return toWords(/^[^.\n]*/.exec(description)?.[0] ?? '').map((word) => toFullWord(toSingular(word)));
}
