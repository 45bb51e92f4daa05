/**
 * What a scenario tells the simulator about a mock connection: the world it starts from (seed
 * entities and facts, the base of its memory until the first checkpoint, and again after every
 * reset) and corrections of the operation inference per tool. One row per connection that has
 * any; it goes with its connection. In a namespace with a shared world, the shared memory starts
 * from the seeds of all its mock connections.
 */
export const sql = `
CREATE TABLE mock_settings (
  connection_seq INTEGER PRIMARY KEY REFERENCES connections(seq) ON DELETE CASCADE,
  -- WorldState JSON: {"entities": {type: {id: fields}}, "facts": [...]}
  world TEXT NOT NULL,
  -- ToolOverride JSON by tool name: {"send_email": {"operation": "create", "entity": "message"}}
  tools TEXT NOT NULL
) STRICT;
`;
