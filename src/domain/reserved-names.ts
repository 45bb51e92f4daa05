/**
 * Namespace names that the root mount cannot serve (docs/decisions.md, "Root mount"). Every Connect route is also
 * answered at the root (`GET /{namespace}`, `PUT /{namespace}/{connectionId}`, ...), so a
 * namespace called like a top-level route of mcpsim (or one the platform keeps for itself) would
 * be unreachable there: `GET /servers/x` is the registry, never the connection `x` of a namespace
 * `servers`. Such names are refused when a namespace would be created.
 */
export const reservedNamespaceNames: readonly string[] = [
  'servers',
  'namespaces',
  'tokens',
  'health',
  'openapi.json',
  'connect',
  'api',
  'skills',
  'organizations',
  'ui',
];

/** Names starting with this are reserved too: mcpsim's own routes live under `/__mcpsim`. */
export const reservedNamespacePrefix = '__';

/**
 * Why `name` cannot be a namespace, or null when it can.
 *
 * @example
 *   namespaceReservation('servers'); // 'is reserved: /servers is a top-level route, so ...'
 *   namespaceReservation('demo');    // null
 */
export function namespaceReservation(name: string): string | null {
  if (reservedNamespaceNames.includes(name)) {
    return `"${name}" is reserved: /${name} is a top-level route of the platform, so connections of a namespace with that name could not be reached at /${name}/{connectionId}; pick another name`;
  }
  if (name.startsWith(reservedNamespacePrefix)) {
    return `"${name}" is reserved: names starting with "${reservedNamespacePrefix}" belong to mcpsim's own routes (/__mcpsim); pick another name`;
  }
  return null;
}
