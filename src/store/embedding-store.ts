import type { Sqlite } from './database.js';

/** Cached embeddings of registry entries, per model (vectors stored as float32 blobs). */
export function createEmbeddingStore(db: Sqlite) {
  const statements = {
    load: db.prepare<[string], { server_id: string; text_hash: string; vector: Buffer }>(
      'SELECT server_id, text_hash, vector FROM registry_embeddings WHERE model = ?',
    ),
    save: db.prepare(`INSERT INTO registry_embeddings (server_id, model, text_hash, vector) VALUES (?, ?, ?, ?)
      ON CONFLICT (server_id, model) DO UPDATE SET text_hash = excluded.text_hash, vector = excluded.vector`),
  };
  const saveMany = db.transaction((model: string, rows: readonly { serverId: string; textHash: string; vector: Float32Array }[]) => {
    for (const row of rows)
      statements.save.run(row.serverId, model, row.textHash, Buffer.from(row.vector.buffer, row.vector.byteOffset, row.vector.byteLength));
  });
  return {
    load(model: string): Map<string, { textHash: string; vector: Float32Array }> {
      const rows = new Map<string, { textHash: string; vector: Float32Array }>();
      for (const row of statements.load.all(model)) {
        const bytes = new Uint8Array(row.vector);
        rows.set(row.server_id, {
          textHash: row.text_hash,
          vector: new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4),
        });
      }
      return rows;
    },
    save(model: string, rows: readonly { serverId: string; textHash: string; vector: Float32Array }[]): void {
      saveMany.immediate(model, rows);
    },
  };
}

export type EmbeddingStore = ReturnType<typeof createEmbeddingStore>;
