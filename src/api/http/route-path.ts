import { reservedNamespaceNames } from '../../domain/reserved-names.js';

/**
 * Hono patterns for the OpenAPI paths of operations. Path parameters are constrained here, in one
 * table, so that no route's correctness depends on the order routes are declared in:
 * `/connect/{ns}/.tools` can never be read as the connection `.tools` (the connection id is any
 * other segment, so a bad one such as `.tools-like` still reaches its route and gets the 400 that
 * names the rule), and names with slashes (`@acme/tracker`, tool path `issues/list`) take the rest
 * of the path.
 */
const parameterPatterns: Record<string, string> = {
  connectionId: '(?!\\.tools$)[^/]+',
  qualifiedName: '.+',
  toolPath: '.+',
};

/** The prefix of the Connect API, which is also served without it (the root mount). */
export const connectPrefix = '/connect';

/**
 * The namespace of a root-mounted route: something shaped like a namespace name that is not a
 * reserved one, so `/servers/...`, `/namespaces/...`, `/health`, `/__mcpsim/...` can never be
 * read as a namespace, whatever the order routes are declared in. (A reserved word followed by
 * more name characters, such as `servers2`, is an ordinary namespace.)
 */
const rootNamespacePattern = `(?!(?:${reservedNamespaceNames.map(escapeRegExp).join('|')})(?![a-zA-Z0-9_-]))[a-zA-Z0-9][a-zA-Z0-9_-]*`;

/**
 * The Hono pattern of an OpenAPI-style path.
 *
 * @example
 *   toHonoPath('/connect/{namespace}/{connectionId}/.tools/{toolPath}');
 *   // '/connect/:namespace/:connectionId{(?!\.tools$)[^/]+}/.tools/:toolPath{.+}'
 */
export function toHonoPath(path: string): string {
  return toPattern(path, parameterPatterns);
}

/**
 * The Hono pattern of a Connect route's twin at the root (docs/decisions.md, "Root mount"): the path without
 * `/connect`, its namespace kept off the reserved names.
 *
 * @example
 *   toRootHonoPath('/connect/{namespace}/{connectionId}'); // '/:namespace{(?!(?:servers|...)...)...}/:connectionId{...}'
 */
export function toRootHonoPath(path: string): string {
  if (!path.startsWith(`${connectPrefix}/`)) throw new Error(`${path} is not a Connect route, so it has no root twin`);
  return toPattern(path.slice(connectPrefix.length), { ...parameterPatterns, namespace: rootNamespacePattern });
}

const mcpEndpointPath = new RegExp(`^(?:${connectPrefix}/[^/]+|/${rootNamespacePattern})/${parameterPatterns.connectionId}/mcp$`);

/**
 * Whether a path is a connection's MCP endpoint, at either mount: the paths whose errors are
 * JSON-RPC errors rather than the platform's `{error, message}`.
 *
 * @example
 *   isMcpEndpointPath('/connect/demo/time/mcp'); // true
 *   isMcpEndpointPath('/servers/acme/mcp');      // false: a registry entry's name
 */
export function isMcpEndpointPath(path: string): boolean {
  return path.endsWith('/mcp') && mcpEndpointPath.test(path);
}

function toPattern(path: string, patterns: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => (patterns[name] ? `:${name}{${patterns[name]}}` : `:${name}`));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Where setup links point: `{publicUrl}/__mcpsim/setup/{ticket}` (the ticket is a credential, masked in logs). */
export const setupPathPrefix = '/__mcpsim/setup/';
