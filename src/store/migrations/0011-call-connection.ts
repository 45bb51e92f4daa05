/**
 * Which connection made each logged call. In a namespace with a shared world, the mock connections
 * share one call log; the model's prompt names the connection behind each earlier call, so a
 * call of `create_event` made through the calendar is not taken for one of the payments server.
 * NULL for calls logged before this migration.
 */
export const sql = `
ALTER TABLE memory_calls ADD COLUMN connection_id TEXT;
`;
