/**
 * A computed view the service answers as a report or a chart (`get_balance_sheet` "Get a Balance
 * Sheet report", `product_radar` "Radar chart comparing items"): where a tool that names no entity
 * by id opens its description with a sentence calling what it answers a `report` or a `chart`, the
 * entity is that report or chart of the name's words (never "the chart of accounts", the accounts) (`balance_sheet_report`,
 * `product_radar_chart`), spelled as the sentence writes them (`Profit and Loss` →
 * `profit_and_loss_report`). Pure.
 */
import { toSingular, toWords } from './entity-words.js';
import type { ToolShape } from './tool-shape.js';

/**
 * The report or chart entity, or null.
 *
 * @example
 *   toReportEntity({ ...shape, operation: 'read', entity: 'profit_loss' }, 'Get a Profit and Loss (Income Statement) report.'); // 'profit_and_loss_report'
 */
export function toReportEntity(shape: ToolShape, description: string): string | null {
  const words = shape.entity.split('_');
  if (shape.dispatch || shape.idArgument !== null || !viewOperations.has(shape.operation)) return null;
  if (viewNouns.has(words[words.length - 1]!)) return null;
  const sentence = toWords(/^[^.\n]*/.exec(description)?.[0] ?? '').map((word) => toSingular(word.toLowerCase()));
  const at = sentence.findIndex((word) => viewNouns.has(word));
  // "The chart of accounts" is the accounts themselves, listed.
  if (at === -1 || sentence[at + 1] === 'of') return null;
  return [...toWrittenWords(words, sentence), sentence[at]!].join('_');
}

/** The name's words as the sentence writes them, with an `and` between two of them kept (`profit and loss`). */
function toWrittenWords(words: readonly string[], sentence: readonly string[]): string[] {
  for (let at = 0; at < sentence.length; at++) {
    const run: string[] = [];
    let index = at;
    for (const word of words) {
      if (sentence[index] === 'and' && run.length > 0) run.push(sentence[index++]!);
      if (sentence[index] !== word) break;
      run.push(sentence[index++]!);
    }
    if (run.filter((word) => word !== 'and').length === words.length) return run;
  }
  return [...words];
}

const viewOperations = new Set(['read', 'list', 'other']);
const viewNouns = new Set(['report', 'chart']);
