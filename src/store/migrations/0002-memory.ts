/**
 * The memory of mock connections: the log of answered tool calls, the world state they built,
 * and named snapshots of both. Everything goes with its connection (ON DELETE CASCADE); keys are
 * `connections.seq`, which AUTOINCREMENT never hands out twice.
 */
export const sql = `
CREATE TABLE memory_calls (
  connection_seq INTEGER NOT NULL REFERENCES connections(seq) ON DELETE CASCADE,
  sequence INTEGER NOT NULL,
  tool TEXT NOT NULL,
  arguments_key TEXT NOT NULL,
  arguments TEXT NOT NULL,
  occurrence INTEGER NOT NULL,
  result TEXT NOT NULL,
  source TEXT NOT NULL,
  model TEXT,
  input_tokens INTEGER,
  output_tokens INTEGER,
  latency_ms REAL NOT NULL,
  at TEXT NOT NULL,
  -- What the call changed in the world (WorldChanges JSON), or NULL.
  changes TEXT,
  PRIMARY KEY (connection_seq, sequence)
) STRICT;

-- One row per connection that has a memory: a checkpoint of the world as it was after call
-- world_sequence (the calls after it carry their changes, applied on load), and the sequence
-- number the next call gets (1 after a reset). Writing the whole world on every call would cost
-- a large world's size per call; a checkpoint every few dozen calls costs nearly nothing.
CREATE TABLE memory_worlds (
  connection_seq INTEGER PRIMARY KEY REFERENCES connections(seq) ON DELETE CASCADE,
  world TEXT NOT NULL,
  world_sequence INTEGER NOT NULL,
  next_sequence INTEGER NOT NULL
) STRICT;

-- A whole memory frozen under an id: world and calls as JSON (calls in their CallLogEntry shape).
CREATE TABLE memory_snapshots (
  id TEXT PRIMARY KEY,
  connection_seq INTEGER NOT NULL REFERENCES connections(seq) ON DELETE CASCADE,
  label TEXT,
  created_at TEXT NOT NULL,
  world TEXT NOT NULL,
  calls TEXT NOT NULL,
  next_sequence INTEGER NOT NULL
) STRICT;
CREATE INDEX memory_snapshots_connection ON memory_snapshots(connection_seq);
`;
