import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface DataDir {
  path: string;
  databaseFile: string;
  /** 32-byte AES key for secrets at rest, kept in `secret.key` (mode 0600). */
  encryptionKey: Buffer;
  /** 32-byte HMAC key that signs service tokens, kept in `token.key` (mode 0600). */
  tokenKey: Buffer;
}

/**
 * Creates the data directory on first use and reads its key file.
 *
 * @example
 *   const dataDir = openDataDir('./.mcpsim'); // ./.mcpsim/mcpsim.db, ./.mcpsim/secret.key, ./.mcpsim/token.key
 */
export function openDataDir(path: string): DataDir {
  mkdirSync(path, { recursive: true, mode: 0o700 });
  return {
    path,
    databaseFile: join(path, 'mcpsim.db'),
    encryptionKey: readOrCreateKey(join(path, 'secret.key')),
    tokenKey: readOrCreateKey(join(path, 'token.key')),
  };
}

function readOrCreateKey(file: string): Buffer {
  try {
    const key = readFileSync(file);
    if (key.length !== 32) throw new Error(`${file} is corrupt: expected 32 bytes, found ${key.length}. Restore it, or remove it together with mcpsim.db to start over.`);
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
