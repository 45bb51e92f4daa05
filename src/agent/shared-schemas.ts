import { z } from 'zod';

/** The namespace the agent's tools use when none is named; `mock_server` creates it. */
export const defaultNamespace = 'agent';

export const namespaceInput = z
  .string()
  .regex(/^[a-zA-Z0-9][a-zA-Z0-9_-]{0,63}$/)
  .default(defaultNamespace)
  .describe(`the namespace (default "${defaultNamespace}")`);

export const connectionIdInput = z
  .string()
  .regex(/^[a-zA-Z0-9_][a-zA-Z0-9._~@:+-]{0,254}$/)
  .describe('the connection id, as mock_server or list_connections gave it');

/** What a destructive tool needs to act: without it, it refuses and says what it would remove. */
export const confirmInput = z.literal(true).describe('must be true: this removes data and cannot be undone');

export const jsonRecord = z.record(z.string(), z.unknown());

/** Entities by type, then id: their fields (the API's world shape). */
export const entitiesInput = z.record(z.string(), z.record(z.string(), jsonRecord));

export const worldOutput = z.strictObject({ entities: entitiesInput, facts: z.array(z.string()) });

/** The path of a connection under the control API. */
export function toControlPath(namespace: string, connectionId: string): string {
  return `/__mcpsim/connections/${encodeURIComponent(namespace)}/${encodeURIComponent(connectionId)}`;
}

/** The path of a connection under the Connect API. */
export function toConnectPath(namespace: string, connectionId: string): string {
  return `/connect/${encodeURIComponent(namespace)}/${encodeURIComponent(connectionId)}`;
}
