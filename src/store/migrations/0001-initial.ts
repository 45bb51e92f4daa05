/** Accounts, API keys, namespaces, the registry and connections. */
export const sql = `
CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

CREATE TABLE accounts (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  is_local INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
) STRICT;

CREATE TABLE api_keys (
  key_hash TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  prefix TEXT NOT NULL,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX api_keys_account ON api_keys(account_id);

CREATE TABLE namespaces (
  id INTEGER PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (account_id, name)
) STRICT;

CREATE TABLE registry_servers (
  id TEXT PRIMARY KEY,
  qualified_name TEXT NOT NULL UNIQUE COLLATE NOCASE,
  namespace TEXT NOT NULL,
  slug TEXT NOT NULL,
  display_name TEXT NOT NULL,
  description TEXT NOT NULL,
  icon_url TEXT NOT NULL,
  verified INTEGER NOT NULL,
  use_count INTEGER NOT NULL,
  remote INTEGER NOT NULL,
  is_deployed INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  homepage TEXT NOT NULL,
  by_platform INTEGER NOT NULL,
  owner TEXT NOT NULL,
  repo_owner TEXT,
  repo_name TEXT,
  remote_url TEXT,
  deployment_url TEXT NOT NULL,
  server_info TEXT NOT NULL,
  config TEXT NOT NULL,
  resources TEXT NOT NULL DEFAULT '[]',
  prompts TEXT NOT NULL DEFAULT '[]',
  quality REAL NOT NULL DEFAULT 0,
  security TEXT
) STRICT;

CREATE TABLE registry_tools (
  server_id TEXT NOT NULL REFERENCES registry_servers(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  name TEXT NOT NULL,
  definition TEXT NOT NULL,
  PRIMARY KEY (server_id, name)
) STRICT;

-- Embeddings of registry entries for semantic search, per model; text_hash tells when an
-- entry's text changed and its vector must be made again.
CREATE TABLE registry_embeddings (
  server_id TEXT NOT NULL REFERENCES registry_servers(id) ON DELETE CASCADE,
  model TEXT NOT NULL,
  text_hash TEXT NOT NULL,
  vector BLOB NOT NULL,
  PRIMARY KEY (server_id, model)
) STRICT;

CREATE TABLE connections (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  namespace_id INTEGER NOT NULL REFERENCES namespaces(id) ON DELETE CASCADE,
  connection_id TEXT NOT NULL,
  name TEXT NOT NULL,
  transport TEXT NOT NULL CHECK (transport IN ('http', 'uplink')),
  mcp_url TEXT,
  server TEXT,
  metadata TEXT,
  mock_enabled INTEGER NOT NULL DEFAULT 0,
  mock_scenario TEXT,
  icon_url TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  status TEXT NOT NULL,
  server_info TEXT,
  source TEXT,
  headers_ciphertext BLOB,
  UNIQUE (namespace_id, connection_id)
) STRICT;
-- Pages of a namespace in creation order. Neither column ever changes, so updates never touch
-- this index; name and mcp_url filters scan one namespace's rows instead of keeping indexes that
-- every update would rewrite (they doubled the cost of PUT).
CREATE INDEX connections_page ON connections(namespace_id, seq);
`;
