import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { apiError } from '../errors.js';
import type { AgentContext } from './agent-tool.js';
import { readCalls } from './call-tools.js';
import { listConnections } from './connection-tools.js';
import { defaultNamespace, toControlPath } from './shared-schemas.js';
import { getWorld } from './world-tools.js';

/** The two resources of a connection: its world now, and its call log (the last calls, as read_calls shows them). */
export const resourceParts = ['world', 'calls'] as const;
type ResourcePart = (typeof resourceParts)[number];

const uriPattern = /^mcpsim:\/\/connections\/([^/]+)\/([^/]+)\/(world|calls)$/;

/** `mcpsim://connections/{namespace}/{connectionId}/{part}`, each segment URI-encoded. */
export function toResourceUri(namespace: string, connectionId: string, part: ResourcePart): string {
  return `mcpsim://connections/${encodeURIComponent(namespace)}/${encodeURIComponent(connectionId)}/${part}`;
}

/** The connection and part a resource URI names; a URI of another shape is a `validation_error`. */
export function parseResourceUri(uri: string): { namespace: string; connectionId: string; part: ResourcePart } {
  const match = uriPattern.exec(uri);
  if (match === null) throw apiError('validation_error', `"${uri}" is not an mcpsim resource (mcpsim://connections/{ns}/{id}/world|calls)`);
  return { namespace: decodeURIComponent(match[1]!), connectionId: decodeURIComponent(match[2]!), part: match[3] as ResourcePart };
}

/** What a resource holds now: the same structured answer get_world or read_calls gives. */
export async function readAgentResource(uri: string, context: AgentContext): Promise<unknown> {
  const { namespace, connectionId, part } = parseResourceUri(uri);
  return part === 'world'
    ? getWorld.run({ namespace, connectionId }, context)
    : readCalls.run({ namespace, connectionId, outcome: 'any' }, context);
}

/**
 * What changes when a connection's world or call log does: its next call sequence and its world,
 * read in one request without any call (the world alone).
 */
export async function fingerprintResource(uri: string, { api }: AgentContext): Promise<string> {
  const { namespace, connectionId } = parseResourceUri(uri);
  const memory = await api.request<{ nextSequence: number; world: unknown }>('GET', `${toControlPath(namespace, connectionId)}/memory`, {
    query: { since: 999_999_999_999_999 },
  });
  return `${memory.nextSequence}:${JSON.stringify(memory.world)}`;
}

/**
 * Registers a connection's world and call log as two resource templates; listing them names the
 * connections of the default namespace (others are read by URI).
 */
export function registerAgentResources(server: McpServer, context: AgentContext): void {
  for (const part of resourceParts) {
    const template = new ResourceTemplate(`mcpsim://connections/{namespace}/{connectionId}/${part}`, {
      list: async () => {
        const { connections } = await listConnections.run({ namespace: defaultNamespace }, context);
        return {
          resources: connections.map((connection) => ({
            uri: toResourceUri(defaultNamespace, connection.connectionId, part),
            name: `${connection.connectionId} ${part}`,
            mimeType: 'application/json',
          })),
        };
      },
    });
    server.registerResource(
      `connection-${part}`,
      template,
      {
        title: part === 'world' ? "A connection's world" : "A connection's call log",
        description:
          part === 'world'
            ? 'The entities by type and id, and the facts, a mock holds now (as get_world answers). Subscribe to hear when calls change it.'
            : 'The last calls made to a connection, oldest first (as read_calls answers). Subscribe to hear of each new call.',
        mimeType: 'application/json',
      },
      async (url) => ({
        contents: [
          { uri: url.href, mimeType: 'application/json', text: JSON.stringify(await readAgentResource(url.href, context), null, 2) },
        ],
      }),
    );
  }
}
