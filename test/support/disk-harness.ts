/**
 * A harness over a real socket, with a second, read-only SQLite connection to its database: what
 * is on disk, read as another process would. The group commit tests ask it whether a write was
 * committed before its answer.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll } from 'vitest';
import { startHarness, type Harness } from './harness.js';
import type { PlatformOptions } from '../../src/platform/platform.js';

/**
 * Starts the harness (with `options`, such as a fixtures directory) before the tests of the calling
 * block and closes both after them.
 *
 * @example
 *   const opened = useDiskHarness();
 *   it('stores it', () => expect(opened.disk.prepare('SELECT 1').get()).toBeDefined());
 */
export function useDiskHarness(options: Partial<PlatformOptions> = {}): { harness: Harness; disk: Database.Database } {
  const opened = {} as { harness: Harness; disk: Database.Database };
  beforeAll(async () => {
    opened.harness = await startHarness('socket', options);
    opened.disk = new Database(join(opened.harness.dataDir, 'mcpsim.db'), { readonly: true });
  });
  afterAll(async () => {
    opened.disk.close();
    await opened.harness.close();
  });
  return opened;
}
