/**
 * The one place that says what the simulator's reading of a tool is in the corpus labels' words
 * (bench/corpus/README.md): the reading gives each tool an answer kind (src/reading/answer-kind.ts),
 * which is how the simulator answers it; this maps each kind onto the label's kind. A read-back is
 * a read to a person, and a value the description says the tool returns (a read's described
 * fields, an action's quoted text or a value it computes) is a described value.
 *
 * Measuring only: none of this changes how the simulator reads or answers.
 */
import type { AnswerKind } from '../../src/reading/answer-kind.js';
import type { ServiceModel } from '../../src/reading/read-server.js';
import type { LabelKind } from './corpus-files.js';

const labelKindOf: Readonly<Record<AnswerKind, LabelKind>> = {
  create: 'create',
  read: 'read',
  list: 'list',
  search: 'search',
  update: 'update',
  move: 'move',
  transition: 'transition',
  batch: 'batch',
  delete: 'delete',
  action: 'other',
  'current user': 'current_user',
  clock: 'clock',
  'read-back': 'read',
  'described value': 'described_value',
  'described text': 'described_value',
  'computed value': 'described_value',
  screenshot: 'screenshot',
  'web page': 'web_page',
};

/**
 * The label kinds the simulator's reading of a tool comes to: one, or one per choice of a tool
 * whose `method`-like argument picks the operation per call (a label with any of them is right).
 *
 * @example
 *   toReadKinds(readServer(stripeTools), 'finalize_invoice'); // ['transition']
 */
export function toReadKinds(model: ServiceModel, tool: string): LabelKind[] {
  const shape = model.shapes.get(tool)!;
  const choices = shape.dispatch ? Object.values(shape.dispatch.choices) : [shape];
  return [...new Set(choices.map((choice) => labelKindOf[model.kindOf(tool, choice).kind]))];
}
