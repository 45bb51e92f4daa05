/**
 * Who may change a registry entry (docs/decisions.md, "Registry ownership"): the account that created it
 * through `PUT /servers/{qualifiedName}`. NULL means the server's first (local) account: the demo
 * catalog, imported entries, and everything written before owners were kept. Entries the API
 * wrote for another account already name it in `owner` (the platform's public owner id), so
 * those are given to it here.
 */
export const sql = `
ALTER TABLE registry_servers ADD COLUMN owner_account TEXT REFERENCES accounts(id) ON DELETE SET NULL;
UPDATE registry_servers SET owner_account = owner WHERE owner IN (SELECT id FROM accounts WHERE is_local = 0);
`;
