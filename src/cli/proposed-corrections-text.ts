import { stringify } from 'yaml';
import type { ModelReading } from '../platform/model-runtime.js';

/**
 * What a model proposes for one connection (`mcpsim explain --model`), as a block of the scenario's
 * own `tools:` and `entities:` to review and paste, each entry under its reason as a comment; then
 * what was refused and the batches the model failed on.
 *
 * @example
 *   toProposedCorrectionsText('ml/rp', 'gpt-4.1-mini', reading);
 *   // Corrections gpt-4.1-mini proposes for ml/rp: 1 tool, 0 entity types …
 *   // tools:
 *   //   # an action on one pod, named by podId
 *   //   pod-action: { operation: update, id: podId }
 */
export function toProposedCorrectionsText(connection: string, modelId: string, reading: ModelReading): string {
  const tools = Object.entries(reading.tools);
  const entities = Object.entries(reading.entities);
  const lines = [
    `Corrections ${modelId} proposes for ${connection}: ${count(tools.length, 'tool')}, ${count(entities.length, 'entity type')}` +
      (tools.length + entities.length > 0
        ? ' (review them, then keep them in the scenario: docs/simulator.md, "When it guesses wrong")'
        : ''),
  ];
  if (tools.length > 0) lines.push('tools:', ...tools.flatMap(([name, value]) => toEntry(name, value, reading.reasons[name])));
  if (entities.length > 0)
    lines.push('entities:', ...entities.flatMap(([name, value]) => toEntry(name, value, reading.reasons[`entities.${name}`])));
  for (const refused of reading.refused) lines.push(`# refused: ${refused}`);
  for (const failure of reading.failures) lines.push(`# the model failed on ${failure}`);
  return `${lines.join('\n')}\n\n`;
}

function toEntry(name: string, value: unknown, reason: string | undefined): string[] {
  const entry = stringify({ [name]: value }, { collectionStyle: 'flow', lineWidth: 0 }).trim();
  // A flow map's outer braces go: the entry sits as a key of `tools:` / `entities:`.
  const inner = entry.replace(/^\{\s*/, '').replace(/\s*\}$/, '');
  return [...(reason ? [`  # ${reason.replace(/\s+/g, ' ').trim()}`] : []), `  ${inner}`];
}

const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;
