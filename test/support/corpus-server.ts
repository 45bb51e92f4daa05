/**
 * Corpus server files for the bench's tests (bench/corpus/corpus-files.ts's shape): one small
 * service with its provenance filled in, so a test names only what it is about, its tools.
 */
import type { CorpusServer } from '../../bench/corpus/corpus-files.js';
import type { ToolDefinition } from '../../src/domain/registry.js';

/** The read by id most corpus tests label: `get_ticket(ticket_id)`. */
export const getTicketTool: ToolDefinition = {
  name: 'get_ticket',
  description: 'Get a ticket by id',
  inputSchema: { type: 'object', properties: { ticket_id: { type: 'string' } } },
};

/**
 * A corpus server `name` (its npm package too) holding `tools`.
 *
 * @example
 *   corpusServer('qa__tickets', [getTicketTool]); // { name: 'qa__tickets', kind: 'tickets', provenance: { npm: 'qa__tickets', … }, … }
 */
export function corpusServer(
  name: string,
  tools: ToolDefinition[],
  { kind = 'tickets', npm = name, displayName = 'Tickets' }: { kind?: string; npm?: string; displayName?: string } = {},
): CorpusServer {
  return {
    name,
    kind,
    provenance: { npm, version: '1.0.0', repository: null, commit: null, file: 'index.js' },
    serverInfo: { name: displayName },
    tools,
  };
}
