/**
 * A mock connection's resources, resource templates and prompts with their fixed contents (JSON,
 * `{}` when none were set): what a scenario's server offers beside its tools, kept with the
 * connection's other mock settings because contents are not registry fields.
 */
export const sql = `
ALTER TABLE mock_settings ADD COLUMN surface TEXT NOT NULL DEFAULT '{}';
`;
