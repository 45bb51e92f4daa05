/**
 * A notes server (the real MCP SDK) in two versions, for `mcpsim verify`: v2 is v1 with six
 * changes a real server makes between releases, each on its own tool or the server:
 *
 *   archive_note   removed
 *   create_note    a required argument added (`folder`)
 *   get_note       a field of its answer renamed (`title` -> `name`)
 *   search_notes   an enum value added to an argument (`status`: `archived`)
 *   list_notes     an error where there was a result
 *   the server     an older protocol version negotiated (2025-06-18, where v1 takes the client's latest)
 *
 * `node drifting-server.mjs v1|v2` serves it over stdio (types in drifting-server.d.mts); `startDriftingHttp` over
 * Streamable HTTP on 127.0.0.1 (stateless), in process.
 */
import { createServer } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

/** This file, to start it over stdio: `node drifting-server.mjs v1`. */
export const driftingServerPath = import.meta.filename;

const notes = [
  { id: 'note_1', title: 'Release plan', status: 'open', folder: 'work' },
  { id: 'note_2', title: 'Groceries', status: 'closed', folder: 'home' },
];
/** The protocol version v2 negotiates. */
export const olderProtocolVersion = '2025-06-18';
const text = (value) => ({ content: [{ type: 'text', text: JSON.stringify(value) }] });

/** @param {'v1' | 'v2'} version */
export function createDriftingServer(version) {
  const server = new McpServer({ name: 'drifting-notes', version: '1.0.0' });
  if (version === 'v2') {
    // The SDK's server takes the client's version when it supports it; v2 answers an older one the client accepts.
    const initialize = server.server._oninitialize.bind(server.server);
    server.server._oninitialize = async (request) => ({ ...(await initialize(request)), protocolVersion: olderProtocolVersion });
  }
  const read = { readOnlyHint: true };
  server.registerTool('list_notes', { description: 'Lists the notes.', inputSchema: {}, annotations: read }, () =>
    version === 'v1'
      ? text({ notes: notes.map(({ id, title }) => ({ id, title })) })
      : { ...text('listing is down for maintenance'), isError: true },
  );
  server.registerTool(
    'get_note',
    { description: 'Returns one note by id.', inputSchema: { id: z.string() }, annotations: read },
    ({ id }) => {
      const note = notes.find((candidate) => candidate.id === id) ?? notes[0];
      return text(version === 'v1' ? note : { id: note.id, name: note.title, status: note.status, folder: note.folder });
    },
  );
  const statuses = version === 'v1' ? ['open', 'closed'] : ['open', 'closed', 'archived'];
  server.registerTool(
    'search_notes',
    { description: 'Searches notes by text.', inputSchema: { query: z.string(), status: z.enum(statuses).optional() }, annotations: read },
    ({ query }) => text({ notes: notes.filter((note) => note.title.toLowerCase().includes(query.toLowerCase())) }),
  );
  server.registerTool(
    'create_note',
    {
      description: 'Creates a note.',
      inputSchema: version === 'v1' ? { title: z.string() } : { title: z.string(), folder: z.string() },
      annotations: { readOnlyHint: false },
    },
    ({ title }) => text({ id: 'note_3', title, status: 'open' }),
  );
  if (version === 'v1')
    server.registerTool(
      'archive_note',
      { description: 'Archives a note.', inputSchema: { id: z.string() }, annotations: { destructiveHint: true } },
      ({ id }) => text({ id, status: 'archived' }),
    );
  return server;
}

/** Serves `version` over Streamable HTTP at `<url>` (stateless: a server per request). */
/** @param {'v1' | 'v2'} version */
export async function startDriftingHttp(version) {
  const http = createServer((request, response) => {
    const server = createDriftingServer(version);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    response.on('close', () => void server.close());
    void server.connect(transport).then(() => transport.handleRequest(request, response));
  });
  await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address();
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () => new Promise((resolve) => (http.closeAllConnections(), http.close(() => resolve()))),
  };
}

if (process.argv[1] === import.meta.filename) {
  const version = process.argv[2] === 'v2' ? 'v2' : 'v1';
  await createDriftingServer(version).connect(new StdioServerTransport());
}
