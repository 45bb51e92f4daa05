/**
 * Another action, as a service answers it. Most are acknowledged (`Done: <tool> <arguments>`, or
 * the outputSchema filled from the arguments) and kept as a fact. An action named for a verb on
 * one entity by its id, whose past participle is a state the service speaks of (Lemon Squeezy's
 * `refund_order(orderId, amount)`, where `refunded` is a status value and a flag of its tools),
 * moves that entity: its state field takes the participle, `refundedAt` stamps it, the action's
 * other data is kept under the state's word (`refundedAmount`), a flag of that name the entity's
 * tools take is set, and the answer is the entity; an id the world lacks is the service's
 * not-found. The verb table (reading/tool-verbs.ts) does not know such verbs; the server's own
 * vocabulary says which ones are states. A validate or verify of one entity answers whether
 * it is valid (validation-answer.ts), and an acknowledgement whose tool says it returns a URL shows
 * that link (described-link.ts).
 */
import { toWords } from '../../reading/entity-words.js';
import { entitiesOf } from '../../domain/world-query.js';
import { toServerStates, type ServerStates } from '../../reading/server-states.js';
import { pastParticiples } from '../../reading/past-participles.js';
import { fitToSchema } from './schema-fit.js';
import { findEntity, fitOptions, fitView, newFields, notFound } from './world-views.js';
import { spellState, stateSchema, toStateField } from './state-fields.js';
import { dataArguments, existingName, type Answer, type AnswerInput } from './world-conventions.js';
import { inServerStyle } from '../../reading/server-style.js';
import { validationAnswer } from './validation-answer.js';
import { describedLink } from './described-link.js';

/**
 * The answer to an action that is no entity operation: the entity it moves to the state its verb
 * names, else an acknowledgement.
 *
 * @example
 *   answerAction(refundOrderInput); // { value: { id: '35', status: 'refunded', refundedAt: '…', refundedAmount: 1000 }, changes }
 */
export function answerAction(input: AnswerInput): Answer {
  // `validate_license(licenseKey)`: whether it is valid, and the key (validation-answer.ts).
  return validationAnswer(input) ?? missingTarget(input) ?? verbState(input) ?? acknowledge(input);
}

/**
 * `run_query(id: 99)` where the world keeps saved queries and none is 99: the service's not-found,
 * as a read of it answers; an action is acknowledged only on a record that is there.
 */
function missingTarget(input: AnswerInput): Answer | null {
  const { shape, args } = input;
  if (!shape.strict || shape.idArgument === null) return null;
  const value = args[shape.idArgument];
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const records = entitiesOf(input.world, shape.entity);
  if (records.length === 0 || findEntity(input, records, String(value))) return null;
  return { error: notFound(shape, String(value)) };
}

/** `refund_order(orderId)`: the state the verb leaves the entity in, or null when the server names no such state. */
function verbState(input: AnswerInput): Answer | null {
  const { shape, args } = input;
  const idValue = shape.idArgument === null ? undefined : args[shape.idArgument];
  if (idValue === undefined || idValue === null || typeof idValue === 'object') return null;
  const state = participleOf(verbOf(input.tool.name, shape.entity), toServerStates(input.serverTools));
  if (state === null) return null;
  const found = findEntity(input, entitiesOf(input.world, shape.entity), String(idValue));
  if (!found) return { error: notFound(shape, String(idValue)) };
  const stateField = toStateField(input, found.fields, 'status');
  const changes: Record<string, unknown> = {
    [stateField]: spellState(state.word, stateSchema(input, stateField), found.fields[stateField]),
  };
  if (state.flag) changes[existingName(found.fields, state.word)] = true;
  changes[inServerStyle(input.serverTools, [state.word, 'at'])] = input.now;
  for (const [name, value] of Object.entries(dataArguments(input)))
    if (name !== shape.idArgument) changes[inServerStyle(input.serverTools, [state.word, name])] = value;
  const merged = { ...found.fields, ...changes };
  const { shown, stored } = fitView(input, merged, found.id);
  return {
    value: shown,
    changes: { upserts: [{ type: shape.entity, id: found.id, fields: { ...changes, ...(newFields(merged, stored) ?? {}) } }] },
  };
}

/** The word of the tool's name right before the entity's words (`refund` of `ls_refund_order`), or null. */
function verbOf(toolName: string, entity: string): string | null {
  const words = toWords(toolName);
  const own = toWords(entity);
  for (let index = 1; index + own.length <= words.length; index++)
    if (own.every((word, offset) => words[index + offset] === word)) return words[index - 1]!;
  return null;
}

/**
 * The verb's past participle the server names as a state (`refund` → `refunded`, `ship` → `shipped`, `send` → `sent`,
 * `void` → `void`; reading/past-participles.ts), or null.
 */
function participleOf(verb: string | null, states: ServerStates): { word: string; flag: boolean } | null {
  if (verb === null || verb.length < 3) return null;
  // The verb itself (`void`) only as a state value: a flag named by the bare verb (`pin`) says nothing of a state.
  for (const word of pastParticiples(verb))
    if (states.values.has(word) || (word !== verb && states.flags.has(word))) return { word, flag: states.flags.has(word) };
  return null;
}

/** `Done: <tool> <arguments>`, or the outputSchema filled from the arguments; kept as a fact `call #<n>: …`. */
function acknowledge(input: AnswerInput): Answer {
  const { tool, argumentsKey, sequence } = input;
  const fact = `call #${sequence}: ${tool.name} ${argumentsKey}`;
  const changes = { facts: [fact.length > 300 ? `${fact.slice(0, 297)}...` : fact] };
  if (tool.outputSchema)
    return {
      value: fitToSchema(
        dataArguments(input),
        tool.outputSchema,
        `${input.seed}|${tool.name}|${argumentsKey}|${sequence}`,
        fitOptions(input),
      ),
      changes,
    };
  // "Generate a PDF invoice … Returns a download URL": the arguments and that link (described-link.ts).
  // Named by the call's id, else the id of what it acts on (`orderId` of an order's invoice), else the call's number.
  const idName = input.shape.idArgument ?? Object.keys(input.args).find((name) => /^id$|_id$|[a-z0-9]Id$|[a-z0-9]ID$/.test(name));
  const idValue = idName === undefined ? undefined : input.args[idName];
  const link = describedLink(
    input,
    dataArguments(input),
    typeof idValue === 'string' || typeof idValue === 'number' ? String(idValue) : String(sequence),
  );
  if (link.url !== undefined) return { value: { ...dataArguments(input), ...link }, changes };
  return { text: `Done: ${tool.name} ${argumentsKey.length > 200 ? `${argumentsKey.slice(0, 197)}...` : argumentsKey}`, changes };
}
