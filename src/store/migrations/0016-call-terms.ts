/**
 * The words of each logged call, for a restart: with a model configured, a call is stored with its
 * text's tokens and its argument values (encoded by sim/model/call-terms.ts) in a full-text index,
 * so the model's prompt finds the earlier calls that mention a value without reading the whole log
 * back (docs/decisions.md, "Call terms on disk"). Contentless: the words are only looked up. The
 * row id is the memory's key times 2^32 plus the call's sequence; a deleted call takes its words
 * with it. `terms_indexed` marks the calls that have them.
 */
export const sql = `
ALTER TABLE memory_calls ADD COLUMN terms_indexed INTEGER NOT NULL DEFAULT 0;
CREATE VIRTUAL TABLE memory_call_terms USING fts5(
  text, leaves, tokenize = "ascii tokenchars '_'", content = '', contentless_delete = 1
);
CREATE TRIGGER memory_calls_drop_terms AFTER DELETE ON memory_calls WHEN old.terms_indexed = 1 BEGIN
  DELETE FROM memory_call_terms WHERE rowid = old.connection_seq * 4294967296 + old.sequence;
END;
`;
