import Database from 'better-sqlite3';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataDirError, ensureDataDirectory } from './data-dir.js';

/** Who holds a data directory: the serving process, and where it listens once it does. */
export interface DataDirHolder {
  pid: number;
  url: string | null;
  startedAt: string;
}

export interface DataDirLock {
  /** Tells a second server where this one listens (its message names the URL). */
  announce(url: string): void;
  /** Lets the directory go; a second call does nothing. */
  release(): void;
}

/** The SQLite file whose exclusive lock is the claim, and the note that says who holds it. */
const lockFile = 'serve.lock';
const holderFile = 'serve.json';

/**
 * A data directory in use by another server. `holder` is what that server wrote about itself,
 * or null when it has not written it yet (it is starting).
 */
export class DataDirInUseError extends DataDirError {
  override name = 'DataDirInUseError';
  constructor(
    path: string,
    readonly holder: DataDirHolder | null,
  ) {
    super(path, `another mcpsim server uses it (${toHolderText(holder)}); stop that one first`);
  }
}

/**
 * Claims a data directory for one server. The claim is an exclusive lock on a small SQLite file
 * (an fcntl lock on POSIX, a LockFileEx on Windows): the operating system drops it when the
 * process ends, a `kill -9` included, so a crashed server never leaves the directory stuck, and
 * no pid is ever guessed alive. Admin commands (`keys`, `token`, `registry import`) open only the
 * database, which WAL lets them share with the server, so they never meet this lock.
 *
 * @throws DataDirInUseError when another process (or another server in this one) holds the directory
 * @example
 *   const lock = lockDataDir('./.mcpsim');
 *   lock.announce('http://127.0.0.1:4010');
 *   // ... serve ...
 *   lock.release();
 */
export function lockDataDir(path: string): DataDirLock {
  ensureDataDirectory(path);
  // timeout 0: a directory in use is said at once, not after SQLite's busy wait.
  const db = new Database(join(path, lockFile), { timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    // A write makes SQLite take the file lock now; a transaction that only began may wait for its first write.
    db.exec('CREATE TABLE IF NOT EXISTS claim (pid INTEGER)');
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') throw new DataDirInUseError(path, readHolder(path));
    throw new DataDirError(path, `cannot lock ${lockFile}: ${(error as Error).message}`, { cause: error });
  }
  const holder: DataDirHolder = { pid: process.pid, url: null, startedAt: new Date().toISOString() };
  const write = () => writeFileSync(join(path, holderFile), `${JSON.stringify(holder)}\n`, { mode: 0o600 });
  write();
  let released = false;
  return {
    announce(url) {
      holder.url = url;
      write();
    },
    release() {
      if (released) return;
      released = true;
      rmSync(join(path, holderFile), { force: true });
      db.close();
    },
  };
}

/**
 * Throws when a server holds the data directory; for commands that must not run beside one
 * (`reset`, `serve --fresh` before it claims the directory itself).
 *
 * @throws DataDirInUseError naming the server that holds it
 * @example
 *   assertDataDirFree('./.mcpsim');
 *   clearDataDir('./.mcpsim');
 */
export function assertDataDirFree(path: string): void {
  let db: Database.Database;
  try {
    db = new Database(join(path, lockFile), { timeout: 0, fileMustExist: true });
  } catch {
    return; // never served (or not there at all): nothing holds it
  }
  try {
    db.exec('BEGIN EXCLUSIVE');
    db.exec('ROLLBACK');
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') throw new DataDirInUseError(path, readHolder(path));
    throw error;
  } finally {
    db.close();
  }
}

/** What the holder wrote about itself; null when the note is missing or half written. */
function readHolder(path: string): DataDirHolder | null {
  try {
    const note = JSON.parse(readFileSync(join(path, holderFile), 'utf8')) as Partial<DataDirHolder>;
    if (typeof note.pid !== 'number') return null;
    return { pid: note.pid, url: typeof note.url === 'string' ? note.url : null, startedAt: String(note.startedAt ?? '') };
  } catch {
    return null;
  }
}

function toHolderText(holder: DataDirHolder | null): string {
  if (holder === null) return 'a process that is starting';
  return `process ${holder.pid}${holder.url ? `, listening at ${holder.url}` : ', not listening yet'}`;
}
