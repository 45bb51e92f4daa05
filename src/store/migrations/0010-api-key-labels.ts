/**
 * A label on API keys: who made the key, e.g. "created by a CLI login" for keys handed to the
 * official CLI by `smithery auth login` (docs/decisions.md, "CLI login"). Null for the configured or generated key.
 */
export const sql = `
ALTER TABLE api_keys ADD COLUMN label TEXT;
`;
