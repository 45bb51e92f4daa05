/**
 * No schema change: from here on `memory_worlds.next_sequence` is written with world checkpoints
 * only, and a load takes the next sequence from the last stored call when that is later
 * (memory-cache.ts). The version moves so that an older mcpsim, which reads the column as the
 * truth, refuses this database instead of handing out a sequence number that is already logged.
 */
export const sql = `
SELECT 1;
`;
