import type { ConnectionStatus, HttpProfile, MissingInputs } from './connection.js';

/**
 * The platform's 409 rule: an existing connection keeps its target URL. The one exception is a
 * connection waiting for input (`input_required`), which may change its URL as long as host and
 * path stay the same, e.g. to add a query parameter that was missing.
 */
export function isTargetChangeAllowed(current: { status: ConnectionStatus; mcpUrl: string | null }, nextUrl: string | null): boolean {
  if (current.mcpUrl === nextUrl) return true;
  if (current.status.state !== 'input_required' || current.mcpUrl === null || nextUrl === null) return false;
  const before = new URL(current.mcpUrl);
  const after = new URL(nextUrl);
  return before.host === after.host && before.pathname === after.pathname;
}

/** The required headers and query parameters of `profile` that the connection does not supply. */
export function findMissingInputs(profile: HttpProfile, headers: Record<string, string> | null, mcpUrl: string | null): MissingInputs {
  const requiredHeaders = requiredNames(profile.headers);
  const requiredQuery = requiredNames(profile.query);
  // Every write of an HTTP connection asks this; most servers require nothing, and then the URL is not parsed.
  if (requiredHeaders.length === 0 && requiredQuery.length === 0) return { headers: [], query: [] };
  const headerNames = new Set(Object.keys(headers ?? {}).map((name) => name.toLowerCase()));
  const queryNames = new Set(mcpUrl && requiredQuery.length > 0 ? new URL(mcpUrl).searchParams.keys() : []);
  return {
    headers: requiredHeaders.filter((name) => !headerNames.has(name.toLowerCase())),
    query: requiredQuery.filter((name) => !queryNames.has(name)),
  };
}

function requiredNames(fields: HttpProfile['headers']): string[] {
  return Object.entries(fields ?? {})
    .filter(([, field]) => field.required === true)
    .map(([name]) => name);
}

/**
 * Status of an HTTP connection after a write, before any upstream probe: waiting for input when
 * required config is missing, otherwise the last known status (`disconnected` when there is
 * none, or when it was only waiting for the input that has now arrived).
 */
export function resolveHttpStatus(previous: ConnectionStatus | null, profile: HttpProfile, missing: MissingInputs): ConnectionStatus {
  if (missing.headers.length > 0 || missing.query.length > 0) {
    return { state: 'input_required', http: profile, missing };
  }
  if (previous === null || previous.state === 'input_required') return { state: 'disconnected' };
  return previous;
}

/** The JSON text of a metadata value as filters and token constraints compare it. */
export function toMetadataText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
