/**
 * Namespaces whose mock connections share one memory (call log and world): the memory of the
 * namespace's oldest mock connection (lowest `connections.seq`). A row means "shared"; it goes
 * with its namespace.
 */
export const sql = `
CREATE TABLE memory_shared_namespaces (
  namespace_id INTEGER PRIMARY KEY REFERENCES namespaces(id) ON DELETE CASCADE
) STRICT;
`;
