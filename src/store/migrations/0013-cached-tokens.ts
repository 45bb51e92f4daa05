/**
 * The input tokens a provider read from its prompt cache, per logged call (billed cheaper than the
 * rest; a connection's calls share the prompt's prefix up to the scenario). NULL when the provider
 * did not say, and for calls logged before this migration.
 */
export const sql = `
ALTER TABLE memory_calls ADD COLUMN cached_input_tokens INTEGER;
`;
