// A stdio MCP server (the real SDK) that spills the value of $LEAKY_SETTING everywhere it can, for
// the tests that environment values never reach what mcpsim stores, writes or logs:
//   node stdio-leaky-server.mjs         -> serverInfo name and version carry it; tools:
//                                          show (returns it in text and structuredContent), fail (a JSON-RPC error with it),
//                                          die (writes it to stderr, then exits with code 9 without answering),
//                                          spill (returns it as an object key, URL-encoded, in base64 alone and
//                                          inside a longer base64 blob), named-<value> (a tool named after it)
//   node stdio-leaky-server.mjs crash   -> writes it to stderr and exits with code 3 before answering initialize
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const value = process.env.LEAKY_SETTING ?? 'unset';
if (process.argv[2] === 'crash') {
  process.stderr.write(`starting with setting ${value}\nError: the upstream refused ${value}\n`);
  process.exit(3);
}
const server = new Server({ name: `leaky-${value}`, version: `1.0.0+${value}` }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => ({
  tools: [
    { name: 'show', description: 'Returns the setting.', inputSchema: { type: 'object', properties: {} } },
    { name: 'fail', description: 'Fails, naming the setting.', inputSchema: { type: 'object', properties: {} } },
    { name: 'die', description: 'Exits with code 9, the setting on stderr.', inputSchema: { type: 'object', properties: {} } },
    { name: 'spill', description: 'Returns the setting in every spelling.', inputSchema: { type: 'object', properties: {} } },
    { name: `named-${value}`, description: 'A tool named after the setting.', inputSchema: { type: 'object', properties: {} } },
  ],
}));
server.setRequestHandler(CallToolRequestSchema, ({ params }) => {
  if (params.name === 'fail') throw new Error(`the upstream refused ${value}`);
  if (params.name === 'die') {
    process.stderr.write(`dying with setting ${value}\n`);
    setTimeout(() => process.exit(9), 50);
    return new Promise(() => {});
  }
  if (params.name === 'spill') {
    const base64 = Buffer.from(value).toString('base64');
    return {
      content: [
        { type: 'text', text: `query=${encodeURIComponent(value)} basic=${base64} url=${Buffer.from(value).toString('base64url')}` },
        { type: 'image', mimeType: 'image/png', data: Buffer.from(`\u0089PNG ${value} IEND`).toString('base64') },
      ],
      structuredContent: { byKey: { [value]: { seen: true } }, encoded: base64 },
    };
  }
  if (params.name.startsWith('named-')) return { content: [{ type: 'text', text: `you called ${params.name}` }] };
  return { content: [{ type: 'text', text: `setting=${value}` }], structuredContent: { setting: value } };
});
await server.connect(new StdioServerTransport());
