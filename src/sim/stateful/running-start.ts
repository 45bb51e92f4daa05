/**
 * A thing the service starts and stops (a pod, a machine, a server: its tools, or the choices of a
 * dispatching tool, set both `started` and `stopped`) runs once it is made, as compute services
 * start what they create (EC2's RunInstances, Runpod's pods, Fly machines): a new one is in the
 * state its start leads to, spelled as the service writes it ("back toward `RUNNING`";
 * reading/choice-text.ts), else as its states spell `started`.
 */
import { choiceState, choiceText } from '../../reading/choice-text.js';
import { propertiesOf } from '../../reading/tool-id-argument.js';
import type { ToolShape } from '../../reading/tool-shape.js';
import type { AnswerInput } from './world-conventions.js';
import { spellState, stateSchema, toStateField } from './state-fields.js';

/**
 * @example
 *   runningStart(input); // { name: 'status', value: 'RUNNING' } for a Runpod pod
 */
export function runningStart(input: AnswerInput): { name: string; value: unknown } | null {
  let start: { tool: string; value: string | null; shape: ToolShape } | undefined;
  let stops = false;
  for (const shape of input.shapes.values()) {
    const choices = shape.dispatch ? Object.entries(shape.dispatch.choices) : [[null, shape] as const];
    for (const [value, choice] of choices) {
      if (choice.entity !== input.shape.entity) continue;
      if (choice.sets.state === 'started') start ??= { tool: shape.tool, value, shape };
      if (choice.sets.state === 'stopped') stops = true;
    }
  }
  if (start === undefined || !stops) return null;
  const field = toStateField(input, {}, 'status');
  const tool = input.serverTools.find((candidate) => candidate.name === start.tool);
  const dispatch = start.shape.dispatch;
  if (tool && dispatch && start.value !== null) {
    const listed = propertiesOf(tool)[dispatch.argument]?.enum;
    const values = Array.isArray(listed) ? listed.filter((item): item is string => typeof item === 'string') : [];
    const described = choiceState(choiceText(tool.description, start.value, values));
    if (described !== null) return { name: field, value: described };
  }
  return { name: field, value: spellState('started', stateSchema(input, field), undefined) };
}
