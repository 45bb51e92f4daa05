/**
 * Types the server's own tools write: a create or an upsert of the type (`memory_bank_write`
 * writes the files `memory_bank_read` reads). A read of such a type names what a write made, so
 * a key no write made is the service's not-found, even where the key is a plain name
 * (`fileName`) rather than an id; a type no tool writes is reference data, made up once and
 * remembered (reference-data.ts).
 */
import { writesType } from '../../reading/tool-shape.js';
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
