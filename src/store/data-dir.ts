import { randomBytes } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface DataDir {
  path: string;
  databaseFile: string;
  /** 32-byte AES key for secrets at rest, kept in `secret.key` (mode 0600). */
  encryptionKey: Buffer;
  /** 32-byte HMAC key that signs service tokens, kept in `token.key` (mode 0600). */
  tokenKey: Buffer;
}

/**
 * A data directory that cannot be created, read or written, or whose key file is corrupt. The
 * message names the directory and the reason; whoever chose the path (a flag, a variable) adds
 * how to choose another.
 */
export class DataDirError extends Error {
  override name = 'DataDirError';
  constructor(
    readonly path: string,
    readonly reason: string,
    options: { cause?: unknown } = {},
  ) {
    super(`cannot use the data directory ${path}: ${reason}`, options);
  }
}

/**
 * Creates the data directory on first use and reads its key file.
 *
 * @throws DataDirError when the directory cannot be created, read or written
 * @example
 *   const dataDir = openDataDir('./.mcpsim'); // ./.mcpsim/mcpsim.db, ./.mcpsim/secret.key, ./.mcpsim/token.key
 */
export function openDataDir(path: string): DataDir {
  try {
    makeDirectory(path);
    accessSync(path, constants.R_OK | constants.W_OK | constants.X_OK);
    return {
      path,
      databaseFile: join(path, 'mcpsim.db'),
      encryptionKey: readOrCreateKey(path, 'secret.key'),
      tokenKey: readOrCreateKey(path, 'token.key'),
    };
  } catch (error) {
    if (error instanceof DataDirError) throw error;
    throw new DataDirError(path, toReason(error as NodeJS.ErrnoException), { cause: error });
  }
}

/**
 * Creates the data directory if it is missing and checks it can be used, nothing more (the lock
 * is claimed before any file in it is read or removed).
 *
 * @throws DataDirError when the directory cannot be created, read or written
 */
export function ensureDataDirectory(path: string): void {
  try {
    makeDirectory(path);
    accessSync(path, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch (error) {
    if (error instanceof DataDirError) throw error;
    throw new DataDirError(path, toReason(error as NodeJS.ErrnoException), { cause: error });
  }
}

/**
 * Every file mcpsim keeps in a data directory: the database (with SQLite's side files), the key
 * files, and the scenario files a start found good (scenario/scenario-check-cache.ts).
 */
const dataDirFiles = [
  'mcpsim.db',
  'mcpsim.db-wal',
  'mcpsim.db-shm',
  'mcpsim.db-journal',
  'secret.key',
  'token.key',
  'scenario-checks.json',
];

/**
 * Removes what mcpsim keeps in a data directory, so the next start is a first start (the demo
 * seeded anew, new keys). Only mcpsim's own files go; the directory and anything else in it stay.
 * Returns the names of the files it removed (none when the directory is empty or missing).
 *
 * @throws DataDirError when a file cannot be removed
 * @example
 *   clearDataDir('./.mcpsim'); // ['mcpsim.db', 'mcpsim.db-wal', 'mcpsim.db-shm', 'secret.key', 'token.key']
 */
export function clearDataDir(path: string): string[] {
  const removed = dataDirFiles.filter((name) => existsSync(join(path, name)));
  try {
    for (const name of removed) rmSync(join(path, name), { force: true });
  } catch (error) {
    throw new DataDirError(path, toReason(error as NodeJS.ErrnoException), { cause: error });
  }
  return removed;
}

/**
 * `mkdir -p` with mode 0700. Not `mkdirSync(path, { recursive: true })`: on Node 20 that spins
 * forever where the parent exists but refuses new entries with ENOENT (`/proc/x`).
 */
function makeDirectory(path: string): void {
  try {
    mkdirSync(path, { mode: 0o700 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' && statSync(path).isDirectory()) return;
    if (code === 'EEXIST') throw new DataDirError(path, 'it is a file, not a directory');
    const parent = dirname(path);
    if (code !== 'ENOENT' || parent === path || existsSync(parent)) throw error;
    makeDirectory(parent);
    mkdirSync(path, { mode: 0o700 });
  }
}

function toReason(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'EACCES':
    case 'EPERM':
      return `permission denied${error.syscall && error.path ? ` (${error.syscall} ${error.path})` : ''}`;
    case 'ENOTDIR':
      return 'a part of the path is a file, not a directory';
    case 'ENOENT':
      return 'it cannot be created there';
    case 'EROFS':
      return 'the file system is read-only';
    default:
      return error.message;
  }
}

function readOrCreateKey(directory: string, name: string): Buffer {
  const file = join(directory, name);
  try {
    const key = readFileSync(file);
    if (key.length !== 32)
      throw new DataDirError(
        directory,
        `${name} is corrupt: expected 32 bytes, found ${key.length}. Restore it, or remove it together with mcpsim.db to start over`,
      );
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    const key = randomBytes(32);
    try {
      writeFileSync(file, key, { mode: 0o600, flag: 'wx' });
      return key;
    } catch (raceError) {
      // Another process created it first: use theirs.
      if ((raceError as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file);
      throw raceError;
    }
  }
}
