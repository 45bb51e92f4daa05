/**
 * Deletes that trash: a delete tool with a boolean `permanent` (`hard`, `skipTrash`) that the call
 * leaves false moves the entity to the trash, as Drive's `delete_file(fileId, permanent?)` does. It
 * leaves the lists that do not ask for trashed entities and shows in those that do
 * (archived-entities.ts); a read by id is a not-found, as Alfresco's and Box's are for a node in
 * the trash; only a permanent delete removes it.
 */
import { toNormalName } from '../../domain/world-query.js';
import type { AnswerInput } from './world-conventions.js';
import { isRecord } from '../../domain/json-record.js';

const permanentNames = new Set(['permanent', 'permanently', 'hard', 'harddelete', 'skiptrash', 'deletepermanently']);

/**
 * Whether this delete call moves the entity to the trash rather than removing it.
 *
 * @example
 *   trashes(input); // true for delete_file({ fileId }) with `permanent: { type: 'boolean', default: false }`
 */
export function trashes(input: AnswerInput): boolean {
  const properties = (input.tool.inputSchema.properties ?? {}) as Record<string, unknown>;
  for (const [name, schema] of Object.entries(properties)) {
    if (!permanentNames.has(toNormalName(name)) || !isRecord(schema) || schema.type !== 'boolean') continue;
    const given = input.args[name];
    return given === undefined ? schema.default !== true : given !== true && given !== 'true';
  }
  return false;
}

/** Whether a delete of this simulator moved the entity to the trash (the flag `trashes` sets). */
export function isTrashed(fields: Readonly<Record<string, unknown>>): boolean {
  return fields.trashed === true;
}
