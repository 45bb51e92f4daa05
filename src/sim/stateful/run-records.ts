/**
 * A service that runs something keeps a record of each run. Running a workflow, a job, a pipeline,
 * a build or a flow (`run_webhook(workflowName)` "Execute a workflow via webhook",
 * `trigger_pipeline(pipelineId)`, `launch_job(name)`) makes a run record (an execution, a run,
 * a build, an invocation, a job: run-nouns.ts) under the thing run, in the state a run begins in, and the tools that
 * list or read those records then show it: n8n's executions, GitHub's workflow runs, Jenkins'
 * builds. The run type is the server's type of such a record whose parent is the type run
 * (`list_executions(workflowId)`); where the server keeps none, the call stays an acknowledged action.
 */
import { toSingular, toWords } from '../../reading/entity-words.js';
import { entitiesOf } from '../../domain/world-query.js';
import { inServerStyle } from '../../reading/server-style.js';
import { runVerbs } from '../../reading/related-shapes.js';
import { runNouns } from '../../reading/run-nouns.js';
import type { ToolShape } from '../../reading/tool-shape.js';
import { findEntity, notFound } from './world-views.js';
import { runStartState } from './run-start-state.js';
import type { Answer, AnswerInput } from './world-conventions.js';

/**
 * The answer of a call that runs the one entity it names: the new run record, kept under it; null
 * when the tool does not run something, names nothing the world holds a type of, or the server
 * keeps no runs of it. A name the world does not hold, where it holds others, is the not-found.
 *
 * @example
 *   answerRun(runWebhookInput, create); // { value: { id: '687', workflowId: 'Wf4Tj9xQ2LmN8pRs', status: 'running', ... }, changes }
 */
export function answerRun(input: AnswerInput, create: (input: AnswerInput) => Answer): Answer | null {
  const { shape, args } = input;
  if (shape.idArgument === null || !runsSomething(input)) return null;
  const idValue = args[shape.idArgument];
  if (idValue === undefined || idValue === null || typeof idValue === 'object') return null;
  const run = runTypeOf(input);
  const held = entitiesOf(input.world, shape.entity);
  if (run === null || held.length === 0) return null;
  const found = findEntity(input, held, String(idValue));
  if (!found) return { error: notFound(shape, String(idValue)) };
  const type = input.model.entityTypes.get(run.entity);
  const runShape: ToolShape = {
    ...shape,
    entity: run.entity,
    operation: 'create',
    idArgument: null,
    idField: type?.idField ?? run.idField,
    numericId: type?.numericId ?? run.numericId,
    strict: false,
    upsert: false,
    sets: {},
    find: false,
  };
  const runInput: AnswerInput = { ...input, shape: runShape, args: {} };
  const state = runStartState(runInput);
  return create({
    ...runInput,
    args: { [run.parentArgument]: found.id, [state.name]: state.value, [inServerStyle(input.serverTools, ['started', 'at'])]: input.now },
  });
}

/** Whether the tool's name, or its description's first word, is a verb that runs something (run, trigger, launch, execute). */
function runsSomething(input: AnswerInput): boolean {
  if (toWords(input.tool.name).some((word) => runVerbs.has(word))) return true;
  const first = /^\s*([A-Za-z]+)/.exec(input.tool.description ?? '')?.[1]?.toLowerCase();
  return first !== undefined && [first, first.replace(/s$/, ''), first.replace(/es$/, '')].some((verb) => runVerbs.has(verb));
}

/** The server's type of run records under the entity's type (`workflow_execution` named by `workflowId`), with how it is read. */
function runTypeOf(input: AnswerInput): { entity: string; parentArgument: string; idField: string; numericId: boolean } | null {
  for (const type of input.model.entityTypes.values()) {
    if (type.name === input.shape.entity || !runNouns.includes(toSingular(toWords(type.name).at(-1) ?? ''))) continue;
    const parent = type.parents.find((candidate) => candidate.type === input.shape.entity);
    if (parent) return { entity: type.name, parentArgument: parent.argument, idField: type.idField, numericId: type.numericId };
  }
  return null;
}
