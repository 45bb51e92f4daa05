import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

let writes = 0;

/**
 * Writes the whole text to a temporary file beside `file` and renames it into place (creating the
 * folder): a reader (the replay source, a scenario loader) never sees half a file, and a process
 * killed meanwhile leaves the last whole one.
 *
 * @example
 *   writeFileAtomically('fixtures/acme__notes/list_notes.json', `${json}\n`);
 */
export function writeFileAtomically(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}-${++writes}.tmp`;
  try {
    writeFileSync(temporary, text);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
