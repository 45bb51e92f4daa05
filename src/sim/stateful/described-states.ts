/**
 * States a service names only in words, where no schema gives them an enum: a transition whose
 * description says where it moves the entity (`Submit a Draft Sales Order (changes status to 'To
 * Deliver and Bill')`, `changes status from Draft to Submitted`), a state filter that lists the
 * states (`Filter by status (Draft, To Bill, Completed, Cancelled, etc.)`), and a type a lifecycle
 * verb ends (`close_alert`): a new one is open; a thing started and stopped runs (running-start.ts). The create's start state and a
 * transition's target are read here when the schemas say nothing.
 */
import { selectsAll, toNormalName } from '../../domain/world-query.js';
import type { ToolDefinition } from '../../domain/registry.js';
import type { AnswerInput } from './world-conventions.js';
import { spellState, toStateField } from './state-fields.js';
import { describedMove, describedStateList } from '../../reading/described-state-words.js';
import { runningStart } from './running-start.js';

const stateNames = ['status', 'state'];
/** States that end a thing's life; where a verb sets one and nothing names the others, the thing was open before. */
const endStates = new Set(['closed', 'resolved', 'done', 'completed', 'cancelled', 'canceled']);

/**
 * Where a new entity starts when no schema gives its state an enum: the state a transition's
 * description moves it from, else the first state a state argument of its tools lists, else
 * `open` where a lifecycle verb ends it (`close_alert`), spelled as the service spells
 * states. Null when its tools say nothing of states.
 *
 * @example
 *   describedStartState(input); // { name: 'status', value: 'Draft' }
 */
export function describedStartState(input: AnswerInput): { name: string; value: unknown } | null {
  const tools = entityTools(input);
  for (const tool of tools) {
    const from = input.shapes.get(tool.name)?.sets.state !== undefined ? describedMove(tool.description).from : null;
    if (from !== null) return { name: toStateField(input, {}, 'status'), value: from };
  }
  for (const tool of tools) {
    for (const [name, schema] of Object.entries((tool.inputSchema.properties ?? {}) as Record<string, Record<string, unknown>>)) {
      if (!stateNames.includes(toNormalName(name)) || !schema || Array.isArray(schema.enum)) continue;
      const first = describedStateList(typeof schema.description === 'string' ? schema.description : undefined).find(
        (state) => !selectsAll(state),
      );
      if (first !== undefined) return { name, value: first };
    }
  }
  const ends = tools.map((tool) => input.shapes.get(tool.name)?.sets.state).filter((state): state is string => typeof state === 'string');
  // `resolve_comment` beside `unresolve_comment`: a new comment is unresolved, as a new thread is unlocked and a new pin unpinned.
  const undone = ends.find((state) => /^un/i.test(state) && ends.some((other) => other.toLowerCase() === state.slice(2).toLowerCase()));
  if (undone !== undefined) return { name: toStateField(input, {}, 'status'), value: undone };
  if (ends.some((state) => endStates.has(state))) {
    const field = toStateField(input, {}, 'status');
    return { name: field, value: spellState('open', undefined, undefined) };
  }
  return runningStart(input);
}

/** The tools of the entity's type (a dispatching tool when one of its choices is of the type). */
function entityTools(input: AnswerInput): ToolDefinition[] {
  return [input.tool, ...input.serverTools.filter((tool) => tool !== input.tool)].filter((tool) => {
    const shape = input.shapes.get(tool.name);
    return (
      shape !== undefined &&
      (shape.entity === input.shape.entity ||
        Object.values(shape.dispatch?.choices ?? {}).some((choice) => choice.entity === input.shape.entity))
    );
  });
}
