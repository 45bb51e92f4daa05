/**
 * Types the server's own tools write: a create or an upsert of the type (`memory_bank_write`
 * writes the files `memory_bank_read` reads). A read of such a type names what a write made, so
 * a key no write made is the service's not-found, even where the key is a plain name
 * (`fileName`) rather than an id; a type no tool writes is reference data, made up once and
 * remembered (reference-data.ts).
 */
import { toShapeChoices, type ToolShape } from '../../reading/tool-shape.js';
import type { AnswerInput } from './world-conventions.js';

/**
 * Whether a create or an upsert of the server writes the call's entity type.
 *
 * @example
 *   isWrittenType(input); // true for memory_bank_read on a server with memory_bank_write
 */
export function isWrittenType(input: Pick<AnswerInput, 'shape' | 'shapes'>): boolean {
  const type = input.shape.entity;
  return type !== 'item' && writesType(input.shapes, type);
}

/**
 * Whether a create of the server (a dispatching tool's create choice too) makes `type`, or, unless
 * `upserts` is false, an upsert writes it.
 *
 * @example
 *   writesType(shapes, 'note', { upserts: false }); // true on a server with create_note
 */
export function writesType(shapes: ReadonlyMap<string, ToolShape>, type: string, { upserts = true } = {}): boolean {
  return toShapeChoices(shapes).some((choice) => choice.entity === type && (choice.operation === 'create' || (upserts && choice.upsert)));
}
