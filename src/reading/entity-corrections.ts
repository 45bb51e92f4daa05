/**
 * A scenario's `entities:` corrections applied to the service model (read-server.ts): the format of
 * a type's new ids becomes the one given, its parent the one named, its states and unique fields
 * the ones listed. What a correction leaves out stays as read.
 */
import type { EntityCorrection } from '../domain/tool-override.js';
import type { IdSchemas } from './id-schemas.js';

/**
 * The pattern a correction's id format stands for: a prefix takes a 14-character random tail (as
 * `cus_NffrFeUfNV2Hib` does); an example keeps its text up to the last separator and matches the
 * rest by kind (digits, lowercase hex, letters and digits); a pattern is itself.
 *
 * @example
 *   toCorrectedIdPattern({ prefix: 'crd_' }); // '^crd_[A-Za-z0-9]{14}$'
 *   toCorrectedIdPattern({ example: 'INC-1042' }); // '^INC-\\d{4}$'
 */
export function toCorrectedIdPattern(id: NonNullable<EntityCorrection['id']>): string | null {
  if (id.pattern !== undefined) return id.pattern;
  if (id.prefix !== undefined) return `^${escape(id.prefix)}[A-Za-z0-9]{14}$`;
  if (id.example === undefined) return null;
  const split = /^(.*[^A-Za-z0-9])?([A-Za-z0-9]+)$/.exec(id.example);
  if (!split) return `^${escape(id.example)}$`;
  const [, head = '', tail = ''] = split;
  const kind = /^\d+$/.test(tail) ? '\\d' : /^[0-9a-f]+$/.test(tail) ? '[0-9a-f]' : '[A-Za-z0-9]';
  return `^${escape(head)}${kind}{${tail.length}}$`;
}

/**
 * The id schemas of a type with its correction applied: a corrected format replaces the patterns,
 * examples and service format read from the tools, which could contradict it.
 *
 * @example
 *   withCorrectedIds(idSchemas, { id: { prefix: 'crd_' } }); // { patterns: ['^crd_[A-Za-z0-9]{14}$'], descriptions: [], service: null }
 */
export function withCorrectedIds(idSchemas: IdSchemas, correction: EntityCorrection | undefined): IdSchemas {
  const pattern = correction?.id ? toCorrectedIdPattern(correction.id) : null;
  return pattern === null ? idSchemas : { patterns: [pattern], descriptions: [], service: null };
}

function escape(text: string): string {
  // Only what a pattern reads as syntax outside a class: `-` and `/` stay bare, as a `u`-flag RegExp wants them.
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
