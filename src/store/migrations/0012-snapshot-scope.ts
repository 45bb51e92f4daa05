/**
 * What a memory snapshot holds. `world` (every snapshot before this migration): the whole memory,
 * calls and world. `connection`: only the calls one connection (`connection_id`) made in a shared
 * world, with what they changed; restoring it puts back those calls and keeps the others'.
 */
export const sql = `
ALTER TABLE memory_snapshots ADD COLUMN scope TEXT NOT NULL DEFAULT 'world' CHECK (scope IN ('world', 'connection'));
ALTER TABLE memory_snapshots ADD COLUMN connection_id TEXT;
`;
