/**
 * The connection model, as the rest of mcpsim sees it. Wire names match the platform's where
 * they are the same thing; what the platform never returns (`server`, `source`) lives here too,
 * and the API's response schema decides what leaves the process.
 */

export type Transport = 'http' | 'uplink';

export interface HttpInputField {
  label: string;
  description?: string | undefined;
  required?: boolean | undefined;
}

/** What an HTTP connection must supply: headers and query parameters (CredentialProfileHttp). */
export interface HttpProfile {
  headers?: Record<string, HttpInputField> | undefined;
  query?: Record<string, HttpInputField> | undefined;
}

export interface MissingInputs {
  headers: string[];
  query: string[];
}

export type ConnectionStatus =
  | { state: 'connected' }
  | { state: 'disconnected' }
  | { state: 'auth_required'; setupUrl?: string; authorizationUrl?: string }
  | { state: 'input_required'; setupUrl?: string; http: HttpProfile; missing: MissingInputs }
  | { state: 'error'; message: string };

export type ConnectionState = ConnectionStatus['state'];

export interface ServerIcon {
  src: string;
  mimeType?: string | undefined;
  sizes?: string[] | undefined;
  theme?: 'light' | 'dark' | undefined;
}

export interface ServerInfo {
  name: string;
  version: string;
  title?: string | undefined;
  icons?: ServerIcon[] | undefined;
  websiteUrl?: string | undefined;
  description?: string | undefined;
}

export interface MockConfig {
  enabled: boolean;
  scenario?: string | undefined;
}

export interface ModuleSource {
  kind: 'module';
  entrypoint: string;
  sourceFiles: { path: string; contents: string }[];
}

export interface Connection {
  /** The store's key of this connection (also its memory's key); absent before it is stored. Never on the wire. */
  key?: number | undefined;
  /** The store's key of its namespace (what a place needs besides the account); absent before it is stored. Never on the wire. */
  namespaceKey?: number;
  namespace: string;
  connectionId: string;
  name: string;
  transport: Transport;
  mcpUrl: string | null;
  /** Qualified name of the registry server this connection targets, if any. */
  server: string | null;
  metadata: Record<string, unknown> | null;
  /** Present only when mock mode is on; frozen at creation. */
  mock: MockConfig | null;
  iconUrl: string | null;
  createdAt: string;
  status: ConnectionStatus;
  serverInfo: ServerInfo | null;
  source: ModuleSource | null;
}

/** What `PUT /connect/{ns}/{id}` and `POST /connect/{ns}` accept, after schema validation. */
export interface ConnectionInput {
  transport?: Transport | undefined;
  mcpUrl?: string | undefined;
  server?: string | undefined;
  source?: ModuleSource | undefined;
  name?: string | undefined;
  metadata?: Record<string, unknown> | undefined;
  headers?: Record<string, string> | undefined;
  mock?: MockConfig | undefined;
}

/** The parts of a registry entry a connection needs. */
export interface ServerTarget {
  qualifiedName: string;
  deploymentUrl: string;
  iconUrl: string | null;
  serverInfo: ServerInfo;
  config: HttpProfile;
}

/** Where a connection lives: its account and namespace row. */
export interface ConnectionPlace {
  accountId: string;
  namespaceId: number;
}
