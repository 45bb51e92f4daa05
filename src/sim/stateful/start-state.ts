/**
 * The state a new record starts in, one rule for a create and for a record a description seeds
 * with no state (seeded-states.ts): the state the create asks for (`activate: true`), else, for a
 * create named for running something (`runPipeline`), the state a run begins in, else a state
 * enum's default or first value (world-conventions.ts, state-fields.ts), else the first workflow
 * state its parent lists (a team's `states`, listed-states.ts), else what the
 * descriptions say (described-states.ts), else, for a thing the service activates and
 * deactivates (or publishes and unpublishes), the state the activation moves it from: n8n creates
 * a workflow inactive, to be activated later, as Zapier creates a zap off and Make a scenario
 * inactive. A state the tools carry as a yes/no field is kept there (flag-states.ts).
 */
import { toWords } from '../../reading/entity-words.js';
import { initialState, requestedState, setFieldStart, spellState, stateSchema, toStateField } from './state-fields.js';
import { describedStartState } from './described-states.js';
import { toFlagState } from './flag-states.js';
import { runStartState } from './run-start-state.js';
import { runVerbs } from '../../reading/related-shapes.js';
import type { AnswerInput } from './world-conventions.js';
import { defaultState } from './default-state.js';
import { listedStartState } from './listed-states.js';

/** A verb that puts a made thing into service, and the verb that takes it out again. */
const liveVerbs: Readonly<Record<string, string>> = { activate: 'deactivate', publish: 'unpublish' };

/**
 * @example
 *   toStartState(createWorkflowInput); // { name: 'active', value: false }
 *   toStartState(createTicketInput); // { name: 'status', value: 'open' }
 */
export function toStartState(input: AnswerInput): { name: string; value: unknown } | null {
  const state =
    requestedState(input) ??
    runCreateStart(input) ??
    defaultState(input) ??
    initialState(input) ??
    listedStartState(input) ??
    setFieldStart(input) ??
    describedStartState(input) ??
    beforeActivation(input);
  return toFlagState(input.model, input.shape.entity, state);
}

/** `runPipeline`, `run_workflow(workflowId)`: a create named for running something makes a run, begun and not ended (run-start-state.ts). */
function runCreateStart(input: AnswerInput): { name: string; value: unknown } | null {
  const [verb] = toWords(input.tool.name);
  return input.shape.operation === 'create' && verb !== undefined && runVerbs.has(verb) ? runStartState(input) : null;
}

/** The state the type's undoing verb sets (`deactivate_workflow` → `inactive`), where the type has both verbs. */
function beforeActivation(input: AnswerInput): { name: string; value: unknown } | null {
  const tools = [...input.shapes.values()].filter((shape) => shape.entity === input.shape.entity);
  for (const [verb, undo] of Object.entries(liveVerbs)) {
    if (!tools.some((shape) => toWords(shape.tool).includes(verb))) continue;
    const undone = tools.find((shape) => toWords(shape.tool).includes(undo) && typeof shape.sets.state === 'string');
    if (undone === undefined) continue;
    // Where a transition would write it (world-answers.ts' update): the same field, so the two never split.
    const name = toStateField(input, {});
    return { name, value: spellState(undone.sets.state as string, stateSchema(input, name), undefined) };
  }
  return null;
}
