/**
 * The length of each logged call's JSON text (arguments key, arguments, result, changes), stored
 * with it: a memory read back after a restart counts its retention bytes without reading the
 * text, which stays on disk until a call's arguments or result are first read. NULL for calls
 * logged before this migration (their text is measured on load).
 */
export const sql = `
ALTER TABLE memory_calls ADD COLUMN logged_chars INTEGER;
`;
