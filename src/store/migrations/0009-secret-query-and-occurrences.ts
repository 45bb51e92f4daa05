/**
 * Two additions of issue 16, one migration:
 *
 * - `connections.query_ciphertext`: query values a person typed on the setup page, sealed like the
 *   headers (the stored `mcp_url` shows them as `***`).
 * - Occurrence counts beside the world checkpoint (`memory_worlds.occurrences`, and in snapshots):
 *   fixture replay keys on how often a call was made, and retention drops old call rows, so the
 *   counts up to the checkpoint can no longer be rebuilt from the rows. JSON of
 *   `{occurrenceKey: count}`; NULL in older rows, whose counts come from their rows as before.
 */
export const sql = `
ALTER TABLE connections ADD COLUMN query_ciphertext BLOB;
ALTER TABLE memory_worlds ADD COLUMN occurrences TEXT;
ALTER TABLE memory_snapshots ADD COLUMN occurrences TEXT;
`;
