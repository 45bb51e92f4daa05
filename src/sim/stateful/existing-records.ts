/**
 * A tool that says it acts on existing things ("Add new observations to existing entities",
 * "Update an existing contact") promises that what it names was made before: a name or id the
 * world's records of that type lack is the service's not-found, not a new record.
 */
import type { ToolDefinition } from '../../domain/registry.js';

/**
 * Whether the tool's description says it acts on existing records.
 *
 * @example
 *   saysExisting({ name: 'add_observations', description: 'Add new observations to existing entities', inputSchema: {} }); // true
 */
export function saysExisting(tool: Pick<ToolDefinition, 'description'>): boolean {
  return /\bexisting\b/i.test(tool.description ?? '');
}
