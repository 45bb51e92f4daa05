/**
 * The one place that says what the simulator's reading of a tool is in the corpus labels' words
 * (bench/corpus/README.md): the inference gives an operation (create, read, list, search, update,
 * delete, other) on an entity, and the simulator then answers some of those in its own way. This
 * maps each such way onto the label's kind, in the order the simulator decides:
 *
 * - clock: the simulator answers from the platform clock (sim/stateful/clock-answers.ts), whatever the operation;
 * - screenshot: it answers an image (sim/stateful/screenshot.ts);
 * - current_user: a read with no id of the caller (`get_me`, `get_user()` "the current user"), which the starting world seeds (starting-world.ts);
 * - web_page: a read that takes a URL, answered as the page (sim/stateful/web-pages.ts);
 * - described_value: a read with no id, or an action with no output schema, answered with what its description says it returns or the value its words name (described-values.ts);
 * - batch: a create of a list of items, a read, update or delete by a list of ids, or a list that must be given ids (world-batches.ts);
 * - transition: an update whose verb sets a state (`finalize`, `archive`) or that takes a target state (`transition`);
 * - move: an update that must be given a parent reference its words say it moves the entity to (src/reading/parent-moves.ts:
 *   a move verb, a word of destination; sim/stateful/world-answers.ts merges it); a parent it must be given without one
 *   is where the entity lives or a reference it sets, and an optional one an update that may also move, as a person
 *   reads `update_card(idList?)`;
 * - otherwise the operation itself.
 *
 * Measuring only: none of this changes how the simulator reads or answers.
 */
import { emptyWorld } from '../../src/domain/memory-log.js';
import type { ToolDefinition } from '../../src/domain/registry.js';
import { isUrlArgument, propertiesOf, requiredOf } from '../../src/reading/tool-id-argument.js';
import type { ToolShape } from '../../src/reading/tool-operation.js';
import { toParentReferences } from '../../src/reading/tool-parents.js';
import { toMoveArguments } from '../../src/reading/parent-moves.js';
import { toNormalName } from '../../src/domain/world-query.js';
import { toClockAnswer } from '../../src/sim/stateful/clock-answers.js';
import { computedValueWord, describedFields, describedText } from '../../src/sim/stateful/described-values.js';
import { isScreenshotTool } from '../../src/sim/stateful/screenshot.js';
import { readsCurrentUser } from '../../src/sim/stateful/starting-world.js';
import { batchItems, idListNames } from '../../src/sim/stateful/world-batches.js';
import { scopeArguments, type AnswerInput } from '../../src/sim/stateful/world-conventions.js';
import type { LabelKind } from './corpus-files.js';

/** What a described value is made up with; only whether it has fields counts here. */
const context = { seed: 'measure', now: '2026-01-01T00:00:00.000Z' };
/** The arguments world-answers.ts reads as the state an update moves to (its `targetStateArguments`, not exported). */
const targetStateArguments = new Set(['transition', 'targetstatus', 'targetstate', 'tostatus', 'tostate', 'newstatus', 'newstate']);

export interface ReadTool {
  tool: ToolDefinition;
  shape: ToolShape;
  shapes: ReadonlyMap<string, ToolShape>;
  serverTools: readonly ToolDefinition[];
}

/**
 * The label kinds the simulator's reading of a tool comes to: one, or one per choice of a tool
 * whose `method`-like argument picks the operation per call (a label with any of them is right).
 *
 * @example
 *   toReadKinds({ tool, shape: shapes.get('finalize_invoice')!, shapes, serverTools }); // ['transition']
 */
export function toReadKinds(read: ReadTool): LabelKind[] {
  const choices = read.shape.dispatch ? Object.values(read.shape.dispatch.choices) : [read.shape];
  return [...new Set(choices.map((shape) => toReadKind({ ...read, shape })))];
}

function toReadKind({ tool, shape, shapes, serverTools }: ReadTool): LabelKind {
  if (toClockAnswer(tool.name, clockArguments(tool), '2026-01-01T00:00:00.000Z') !== null) return 'clock';
  if (isScreenshotTool(tool)) return 'screenshot';
  const { operation } = shape;
  const noId = shape.idArgument === null;
  if (readsCurrentUser(shape, tool)) return 'current_user';
  if (operation === 'read' && [...requiredOf(tool)].some(isUrlArgument)) return 'web_page';
  if (operation === 'read' && noId && Object.keys(describedFields(tool, shape.entity, context)).length > 0) return 'described_value';
  if (operation === 'other' && !tool.outputSchema && (describedText(tool) !== null || computedValueWord(tool) !== null))
    return 'described_value';
  const input = toAnswerInput({ tool, shape, shapes, serverTools });
  if (isBatch(input)) return 'batch';
  if (operation !== 'update') return operation;
  const properties = Object.keys(propertiesOf(tool));
  if (Object.keys(shape.sets).length > 0 || properties.some((name) => targetStateArguments.has(toNormalName(name)))) return 'transition';
  const scope = scopeArguments(input);
  // The argument a membership update adds to a list field (`add_bookmark_to_list(listId)`) is not merged, so it moves nothing.
  const moves = toMoveArguments(tool, shape, toParentReferences(tool, shape, shapes)).some(
    (argument) => !scope.has(argument) && argument !== shape.listField?.argument,
  );
  return moves ? 'move' : 'update';
}

/** Arguments with which a clock tool answers: a zone for each zone-like argument, a wall-clock time for each time-like one. */
function clockArguments(tool: ToolDefinition): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const name of Object.keys(propertiesOf(tool))) {
    if (/zone|tz/i.test(name)) args[name] = 'UTC';
    else if (/time/i.test(name)) args[name] = '12:00';
  }
  return args;
}

/**
 * A create the simulator answers item by item, a read, update or delete whose id argument takes a
 * list, or a list that must be given a list of the entity's ids (`get_issues(issue_ids)`: it
 * answers those entities, as a batch read does).
 */
function isBatch(input: AnswerInput): boolean {
  const { shape, tool } = input;
  const properties = propertiesOf(tool);
  if (shape.operation === 'list' || shape.operation === 'search') {
    const idLists = idListNames(shape);
    return [...requiredOf(tool)].some((name) => properties[name]?.type === 'array' && idLists.has(toNormalName(name)));
  }
  if (shape.idArgument !== null && shape.operation !== 'create') return properties[shape.idArgument]?.type === 'array';
  if (shape.operation !== 'create') return false;
  return Object.entries(properties).some(
    ([name, schema]) => schema.type === 'array' && batchItems({ ...input, args: { [name]: [{ name: 'example' }] } }) !== null,
  );
}

function toAnswerInput(read: ReadTool): AnswerInput {
  return { ...read, args: {}, argumentsKey: '{}', world: emptyWorld(), now: '2026-01-01T00:00:00.000Z', sequence: 1, seed: 'measure' };
}
