/**
 * Hono patterns for the OpenAPI paths of operations. Path parameters are constrained here, in one
 * table, so that no route's correctness depends on the order routes are declared in:
 * `/connect/{ns}/.tools` can never be read as the connection `.tools` (a connection id starts with
 * a letter, a digit or `_`), and names with slashes (`@acme/tracker`, tool path `issues/list`)
 * take the rest of the path.
 */
const parameterPatterns: Record<string, string> = {
  connectionId: '[a-zA-Z0-9_][^/]*',
  qualifiedName: '.+',
  toolPath: '.+',
};

/**
 * The Hono pattern of an OpenAPI-style path.
 *
 * @example
 *   toHonoPath('/connect/{namespace}/{connectionId}/.tools/{toolPath}');
 *   // '/connect/:namespace/:connectionId{[a-zA-Z0-9_][^/]*}/.tools/:toolPath{.+}'
 */
export function toHonoPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => (parameterPatterns[name] ? `:${name}{${parameterPatterns[name]}}` : `:${name}`));
}
