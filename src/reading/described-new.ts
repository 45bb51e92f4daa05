/**
 * `write_object(bucket, name, content)` "Writes a new object to the bucket", `memory_bank_write`
 * "Create a new memory bank file", `run_pipeline` "Trigger a new pipeline run": a write or an
 * action whose description opens with a verb of making and "a new" thing makes that thing, even
 * when an argument names it (the name it is to have). Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { toWords } from './entity-words.js';

/** Verbs that make a thing when their object is "a new" one, in the forms a description opens with. */
const makingVerbs = new Set(
  [
    'create',
    'write',
    'add',
    'make',
    'trigger',
    'start',
    'open',
    'record',
    'upload',
    'insert',
    'post',
    'register',
    'launch',
    'initiate',
  ].flatMap((verb) => [verb, verb.endsWith('h') ? `${verb}es` : `${verb}s`]),
);

/**
 * Whether a tool's description opens with a verb of making and "a new" thing.
 *
 * @example
 *   describesNew({ name: 'write_object', description: 'Writes a new object to the bucket.', inputSchema: { type: 'object' } }); // true
 *   describesNew({ name: 'write_object', description: 'Writes an object, replacing any with its name.', inputSchema: { type: 'object' } }); // false
 */
export function describesNew(tool: Pick<ToolDefinition, 'description'>): boolean {
  const sentence = toWords(/^[^.\n]*/.exec(tool.description?.trim() ?? '')?.[0] ?? '');
  if (!makingVerbs.has(sentence[0] ?? '')) return false;
  const next = sentence[1] === 'a' || sentence[1] === 'an' ? 2 : 1;
  return sentence[next] === 'new';
}
