/**
 * States a description gives in plain words where the server's schemas list none: a workflow's
 * common states (`to do`, `in progress`, `in review`, `done`, `blocked`, …) are states wherever a
 * status field takes free text, in a parenthesis after a name (`"Book photographer" (to do)`) or in
 * a sentence of their own (`Launch plan is in review`). A state the schemas do list is read from
 * that list instead (described-fields.ts). Pure.
 */
import type { ServiceModel } from './read-server.js';

/**
 * The states of a work item that most workflow services share, by name; with an issue tracker's
 * own (YouTrack's and Bugzilla's `Submitted`, `Fixed`, `Verified`, `Reopened`, `Won't fix`).
 */
const workflowStates =
  /^(?:to[\s-]?do|open|new|backlog|planned|started|in[\s-]progress|in[\s-]review|review|blocked|on[\s-]hold|waiting|pending|draft|done|complete|completed|closed|resolved|cancell?ed|archived|active|paused|submitted|fixed|verified|reopened|won'?t[\s-]fix)$/i;

/**
 * The state a phrase names for a type whose status field lists no states, or undefined.
 *
 * @example
 *   toWorkflowState(model, 'task', 'in review'); // { field: 'status', value: 'in review' } where status takes any text
 */
export function toWorkflowState(
  model: Pick<ServiceModel, 'entityTypes'>,
  type: string,
  phrase: string,
): { field: string; value: string } | undefined {
  const state = model.entityTypes.get(type)?.state;
  const text = phrase.trim().toLowerCase();
  if (!state || state.values.length > 0 || !workflowStates.test(text)) return undefined;
  // `In Progress` as the writer spelled it: the service's own name of the state (Linear's, Jira's), matched in any case by filters.
  return { field: state.field, value: phrase.trim() };
}

/**
 * `Launch plan is in review`: the states sentences give entities seeded by name, written to their fields.
 *
 * @example
 *   applyStateSentences(model, ['Launch plan is in review.'], seeded, entities); // the task Launch plan: status 'in review'
 */
export function applyStateSentences(
  model: Pick<ServiceModel, 'entityTypes'>,
  sentences: readonly string[],
  seeded: ReadonlyMap<string, ReadonlyMap<string, string>>,
  entities: Record<string, Record<string, Record<string, unknown>>>,
): void {
  for (const sentence of sentences) {
    const match = /^\s*["“]?(.+?)["”]?\s+is\s+(?:now\s+)?(?:marked\s+(?:as\s+)?)?(.+?)[.!;]?\s*$/.exec(sentence);
    if (!match) continue;
    for (const [type, names] of seeded) {
      const id = [...names].find(([name]) => name.toLowerCase() === match[1]!.toLowerCase())?.[1];
      const state = id === undefined ? undefined : toWorkflowState(model, type, match[2]!);
      const fields = id === undefined ? undefined : entities[type]?.[id];
      if (state && fields) fields[state.field] = state.value;
    }
  }
}
