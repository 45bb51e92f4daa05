import Database from 'better-sqlite3';
import { migrations } from './migrations/index.js';

export type Sqlite = Database.Database;

/**
 * Opens (or creates) the SQLite database and brings its schema up to date.
 * `':memory:'` gives a private in-memory database (tests, in-process mocking).
 *
 * WAL lets readers (another `mcpsim` command, a test) run beside the server; `synchronous=NORMAL`
 * is WAL's safe setting (a committed write survives a process crash); foreign keys are on so a
 * deleted namespace takes its connections with it.
 */
export function openDatabase(file: string): Sqlite {
  const db = new Database(file);
  if (file !== ':memory:') db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

/** Runs the migrations the database has not seen yet, each in its own transaction. */
export function migrate(db: Sqlite): void {
  const applied = db.pragma('user_version', { simple: true }) as number;
  const latest = migrations.at(-1)?.version ?? 0;
  if (applied > latest) {
    throw new Error(
      `The database schema is version ${applied}, newer than this mcpsim knows (${latest}). Upgrade mcpsim or use another --data-dir.`,
    );
  }
  for (const migration of migrations) {
    if (migration.version <= applied) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    }).immediate();
  }
}
