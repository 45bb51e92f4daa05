/**
 * A mock connection's corrections of the service model by entity type (JSON, `{}` when none were
 * set): a scenario's `entities:` (id format, parent, states, unique fields), kept with its tool
 * corrections so the simulator reads the server as the scenario corrected it.
 */
export const sql = `
ALTER TABLE mock_settings ADD COLUMN entities TEXT NOT NULL DEFAULT '{}';
`;
