// A stdio MCP server (the real SDK) that misbehaves on request, for the stdio uplink tests:
//   node stdio-odd-server.mjs crash    -> writes to stderr and exits with code 3 before answering
//   node stdio-odd-server.mjs hang     -> reads stdin, never answers
//   node stdio-odd-server.mjs garbage  -> answers every line with text that is not JSON-RPC
//   node stdio-odd-server.mjs serve    -> a working server; tools: secret (returns $ODD_SECRET), quit (exits with code 7), stall (never answers), pid, die (exits with code 9 without answering),
//                                        noise (writes garbage to stdout, then answers), shout (writes megabytes to stderr, then answers),
//                                        flood (writes 12 MB to stdout without a line break)
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const mode = process.argv[2] ?? 'serve';
if (mode === 'crash') {
  process.stderr.write('starting odd server\nError: ODD_TOKEN is not set\n');
  process.exit(3);
} else if (mode === 'hang') {
  process.stdin.resume();
} else if (mode === 'garbage') {
  process.stdin.on('data', () => process.stdout.write('this is not JSON-RPC\n{"half": \n'));
} else {
  const server = new Server({ name: 'odd-server', version: '2.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [
      { name: 'secret', description: 'Returns the secret it was given.', inputSchema: { type: 'object', properties: {} } },
      { name: 'quit', description: 'Exits with code 7.', inputSchema: { type: 'object', properties: {} } },
      { name: 'stall', description: 'Never answers.', inputSchema: { type: 'object', properties: {} } },
      { name: 'pid', description: 'Returns its process id.', inputSchema: { type: 'object', properties: {} } },
      { name: 'die', description: 'Exits with code 9 without answering.', inputSchema: { type: 'object', properties: {} } },
      { name: 'noise', description: 'Writes garbage to stdout, then answers.', inputSchema: { type: 'object', properties: {} } },
      { name: 'shout', description: 'Writes megabytes to stderr, then answers.', inputSchema: { type: 'object', properties: {} } },
      { name: 'flood', description: 'Writes 12 MB to stdout without a line break.', inputSchema: { type: 'object', properties: {} } },
    ],
  }));
  server.setRequestHandler(CallToolRequestSchema, ({ params }) => {
    if (params.name === 'stall') return new Promise(() => {});
    if (params.name === 'pid') return { content: [{ type: 'text', text: String(process.pid) }] };
    if (params.name === 'die') {
      // Exits once this line (and what `shout` wrote before it) has reached the pipe: stderr to a pipe
      // is written asynchronously, and process.exit drops what is still queued.
      process.stderr.write('dying in the middle of a call\n', () => setTimeout(() => process.exit(9), 50));
      return new Promise(() => {});
    }
    if (params.name === 'noise') {
      process.stdout.write('this is not JSON-RPC\n{"jsonrpc": "2.0", "half": \n[1, 2\n');
      return { content: [{ type: 'text', text: 'still here' }] };
    }
    if (params.name === 'flood') {
      process.stdout.write('z'.repeat(12_000_000));
      return new Promise(() => {});
    }
    if (params.name === 'shout') {
      // 4 MB in 4,000 lines, then one line of 1 MB without an end.
      for (let line = 0; line < 4000; line++) process.stderr.write(`${'x'.repeat(1000)} ${line}\n`);
      process.stderr.write('y'.repeat(1_000_000));
      return { content: [{ type: 'text', text: 'shouted' }] };
    }
    if (params.name === 'quit') {
      process.stderr.write('quitting as asked\n');
      setTimeout(() => process.exit(7), 10);
      return { content: [{ type: 'text', text: 'bye' }] };
    }
    return {
      content: [
        {
          type: 'text',
          text: `secret=${process.env.ODD_SECRET ?? 'unset'} home=${process.env.HOME ? 'set' : 'unset'} other=${process.env.ODD_OTHER ?? 'unset'}`,
        },
      ],
    };
  });
  await server.connect(new StdioServerTransport());
}
