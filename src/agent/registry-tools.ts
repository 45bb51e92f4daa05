import { z } from 'zod';
import { defineAgentTool, readOnly } from './agent-tool.js';
import { jsonRecord } from './shared-schemas.js';

export const findServers = defineAgentTool({
  name: 'find_servers',
  title: 'Find servers in the registry',
  description:
    'Use this to find an MCP server to mock by what it does or its name ("github issues", "stripe"): searches mcpsim\'s registry ' +
    'and returns qualified names to pass to mock_server or get_server.',
  input: z.strictObject({
    query: z.string().min(1).max(200).optional().describe('words to search for; absent lists the most used'),
    page: z.int().min(1).default(1),
    pageSize: z.int().min(1).max(50).default(10),
  }),
  output: z.strictObject({
    servers: z.array(z.looseObject({ qualifiedName: z.string(), displayName: z.string(), description: z.string() })),
    totalCount: z.number(),
  }),
  annotations: readOnly,
  async run({ query, page, pageSize }, { api }) {
    const listed = await api.request<{
      servers: { qualifiedName: string; displayName: string; description: string }[];
      pagination: { totalCount: number };
    }>('GET', '/servers', { query: { q: query, page, pageSize, fields: 'qualifiedName,displayName,description' } });
    return { servers: listed.servers, totalCount: listed.pagination.totalCount };
  },
});

export const getServer = defineAgentTool({
  name: 'get_server',
  title: 'Get a registry server',
  description:
    "Use this to read a registry server's tools (names, descriptions, input schemas) before mocking it or writing a client for it.",
  input: z.strictObject({ qualifiedName: z.string().min(1).describe('e.g. "@acme/tracker"') }),
  output: z.looseObject({ qualifiedName: z.string(), displayName: z.string(), description: z.string(), tools: z.array(jsonRecord) }),
  annotations: readOnly,
  async run({ qualifiedName }, { api }) {
    const server = await api.request<{
      qualifiedName: string;
      displayName: string;
      description: string;
      tools: Record<string, unknown>[] | null;
    }>('GET', `/servers/${encodeURIComponent(qualifiedName)}`);
    return {
      qualifiedName: server.qualifiedName,
      displayName: server.displayName,
      description: server.description,
      tools: server.tools ?? [],
    };
  },
});
