/**
 * The states a service's descriptions name beside the word `status` or `state`, where no schema
 * gives them an enum: quoted (`"DEPROVISIONED"`, `` `EXITED` ``) or in capitals next to it (users
 * "in STAGED status"; "`RUNNING` allows `stop`" in a sentence about the pod's current status).
 * The simulator spells a transition's target with them (sim/stateful/state-fields.ts) and a
 * description of the world seeds a bare one as the state (described-fields.ts). Pure.
 */
import type { ServiceModel } from './read-server.js';

/**
 * States `text` names in its sentences that speak of `field` (`status` or `state`).
 *
 * @example
 *   describedStates('Users in STAGED status cannot sign in.', 'status'); // ['STAGED']
 */
export function describedStates(text: string, field: string): string[] {
  const found = new Set<string>();
  const word = field.toLowerCase();
  for (const sentence of text.split(/(?<=[.!?])\s+|\n/)) {
    if (!sentence.toLowerCase().includes(word)) continue;
    for (const match of sentence.matchAll(/[`'"]([A-Za-z][A-Za-z_]{1,30})[`'"]|\b([A-Z][A-Z_]{3,30})\b/g))
      found.add((match[1] ?? match[2])!);
  }
  return [...found];
}

/**
 * The states the descriptions of a type's tools (a dispatching tool's too, where a choice acts on the type) name, under the
 * field they speak of: `status` before `state`; null where they name none in capitals.
 *
 * @example
 *   typeStates(model, 'pod'); // { field: 'status', values: ['RUNNING', 'EXITED', 'ERROR', …] }
 */
export function typeStates(model: Pick<ServiceModel, 'tools' | 'shapes'>, type: string): { field: string; values: string[] } | null {
  const texts: string[] = [];
  for (const tool of model.tools) {
    const shape = model.shapes.get(tool.name);
    const ofType = shape?.entity === type || Object.values(shape?.dispatch?.choices ?? {}).some((choice) => choice.entity === type);
    if (ofType && tool.description) texts.push(tool.description);
  }
  for (const field of ['status', 'state']) {
    // Only constants: a quoted lowercase word in a description is as often an argument's value as a state.
    const values = describedStates(texts.join('\n'), field).filter((value) => /^[A-Z][A-Z_]+$/.test(value));
    if (values.length >= 2) return { field, values };
  }
  return null;
}
