/**
 * The live server `mcpsim verify` compares the files with: a Streamable HTTP server at a URL (with
 * its headers) or a local stdio server started from a command (with its environment), opened with
 * the official MCP client, its surface listed (every page) and its tools callable.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ElicitRequestSchema, ListRootsRequestSchema, CreateMessageRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { LiveServer } from '../scenario/verify/verify-server.js';
import type { ServerSurface } from '../scenario/verify/surface-drift.js';
import { version } from '../version.js';

export type LiveTarget =
  | { url: string; headers: Readonly<Record<string, string>> }
  | { command: string; args: readonly string[]; env: Readonly<Record<string, string>>; cwd: string };

/** The client capabilities verify may declare (`--capability`): a server may show some tools only to clients that have them. */
export const clientCapabilities = ['roots', 'sampling', 'elicitation'] as const;
export type ClientCapability = (typeof clientCapabilities)[number];

/** Bound on each request to the live server. */
const requestTimeoutMs = 30_000;
/** Bound on listing pages, against a server whose cursor never ends. */
const maxPages = 100;

export interface OpenLiveServer extends LiveServer {
  close(): Promise<void>;
}

/**
 * Connects and lists the surface; throws when the server cannot be reached or does not initialize.
 *
 * @example
 *   const live = await openLiveServer({ url: 'http://127.0.0.1:3000/mcp', headers: {} }, []);
 *   await live.callTool('search', { query: 'x' });
 *   await live.close();
 */
export async function openLiveServer(target: LiveTarget, capabilities: readonly ClientCapability[]): Promise<OpenLiveServer> {
  const client = new Client(
    { name: 'mcpsim-verify', version },
    { capabilities: Object.fromEntries(capabilities.map((capability) => [capability, {}])) },
  );
  // A capability declared is answered plainly: no roots, no model, no user to ask.
  if (capabilities.includes('roots')) client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: [] }));
  if (capabilities.includes('elicitation')) client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'decline' as const }));
  if (capabilities.includes('sampling'))
    client.setRequestHandler(CreateMessageRequestSchema, () => {
      throw new Error('mcpsim verify has no model to sample from');
    });
  const transport: Transport =
    'url' in target
      ? new StreamableHTTPClientTransport(new URL(target.url), { requestInit: { headers: { ...target.headers } } })
      : new StdioClientTransport({
          command: target.command,
          args: [...target.args],
          env: { ...getDefaultEnvironment(), ...target.env },
          cwd: target.cwd,
          stderr: 'ignore',
        });
  // The client tells the transport the version it negotiated (the HTTP one sends it as a header);
  // hooked, so a stdio transport, which has no use for it, tells it too.
  let protocolVersion: string | undefined;
  const setProtocolVersion = transport.setProtocolVersion;
  transport.setProtocolVersion = (negotiated) => {
    protocolVersion = negotiated;
    setProtocolVersion?.call(transport, negotiated);
  };
  await client.connect(transport, { timeout: requestTimeoutMs });
  try {
    const surface = { ...(await listSurface(client)), protocolVersion };
    return {
      surface,
      callTool: (name, args) => client.callTool({ name, arguments: args }, undefined, { timeout: requestTimeoutMs }),
      close: () => client.close(),
    };
  } catch (error) {
    await client.close();
    throw error;
  }
}

async function listSurface(client: Client): Promise<ServerSurface> {
  const offered = client.getServerCapabilities() ?? {};
  const serverInfo = client.getServerVersion();
  const tools = offered.tools ? await allPages((cursor) => client.listTools({ cursor }), 'tools') : [];
  const resources = offered.resources ? await allPages((cursor) => client.listResources({ cursor }), 'resources') : [];
  const resourceTemplates = offered.resources
    ? await allPages((cursor) => client.listResourceTemplates({ cursor }), 'resourceTemplates')
    : [];
  const prompts = offered.prompts ? await allPages((cursor) => client.listPrompts({ cursor }), 'prompts') : [];
  return {
    ...(serverInfo ? { serverInfo: { name: serverInfo.name, version: serverInfo.version } } : {}),
    tools: tools as ServerSurface['tools'],
    resources: resources as NonNullable<ServerSurface['resources']>,
    resourceTemplates: resourceTemplates as NonNullable<ServerSurface['resourceTemplates']>,
    prompts: prompts as NonNullable<ServerSurface['prompts']>,
  };
}

async function allPages<Key extends string, Item>(
  list: (cursor: string | undefined) => Promise<{ nextCursor?: string | undefined } & Record<Key, Item[]>>,
  key: Key,
): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const answer = await list(cursor);
    items.push(...answer[key]);
    cursor = answer.nextCursor;
    if (!cursor) break;
  }
  return items;
}
