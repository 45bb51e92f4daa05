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

/**
 * The Hono pattern of an OpenAPI-style path.
 *
 * @example
 *   toHonoPath('/connect/{namespace}/{connectionId}/.tools/{toolPath}');
 *   // '/connect/:namespace/:connectionId{(?!\.tools$)[^/]+}/.tools/:toolPath{.+}'
 */
export function toHonoPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => (parameterPatterns[name] ? `:${name}{${parameterPatterns[name]}}` : `:${name}`));
}
