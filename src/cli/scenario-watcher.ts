import { existsSync, statSync, watch, type FSWatcher } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export interface ScenarioWatcher {
  close(): void;
}

/** How long a file must stay quiet before it is reloaded: an editor's save is several events. */
export const reloadDebounceMs = 150;
/** How often a watch whose directory went away is tried again. */
const rearmMs = 500;

/**
 * Calls `onChange(file)` once per burst of changes to a scenario file, however it was saved:
 * written in place, replaced by a rename (`sed -i`, editors' safe write), deleted and created, or
 * added to or removed from a watched folder. It watches directories, never the file itself: a
 * watch on a file follows the inode, which a rename-save replaces, and then it never fires again.
 * A directory that disappears is watched again when it comes back.
 *
 * `file` is `path` itself for a file path, or `join(path, name)` for a file of a folder, so it
 * matches the `file` the loader reports. `onChange` also runs when the file was deleted.
 *
 * @example
 *   const watcher = watchScenarioPaths(['scenarios/'], (file) => reload(file), (problem) => io.stderr(problem));
 */
export function watchScenarioPaths(
  paths: readonly string[],
  onChange: (file: string) => void,
  onProblem: (message: string) => void,
): ScenarioWatcher {
  const timers = new Map<string, NodeJS.Timeout>();
  const watchers = new Set<FSWatcher>();
  const retries = new Set<NodeJS.Timeout>();
  let closed = false;

  const changed = (file: string) => {
    clearTimeout(timers.get(file));
    timers.set(
      file,
      setTimeout(() => {
        timers.delete(file);
        if (!closed) onChange(file);
      }, reloadDebounceMs),
    );
  };

  /** Watches `directory`, passing each changed name `accept` maps to a file; re-arms when the watch fails. */
  const arm = (directory: string, accept: (name: string) => string | undefined) => {
    if (closed) return;
    try {
      const watcher = watch(directory, (_event, name) => {
        const file = name ? accept(name.toString()) : undefined;
        if (file) changed(file);
      });
      watchers.add(watcher);
      watcher.on('error', () => {
        watcher.close();
        watchers.delete(watcher);
        retry(directory, accept);
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') retry(directory, accept);
      else onProblem(`Not watching ${directory} for changes: ${error instanceof Error ? error.message : String(error)}\n`);
    }
  };
  const retry = (directory: string, accept: (name: string) => string | undefined) => {
    const timer = setTimeout(() => {
      retries.delete(timer);
      arm(directory, accept);
    }, rearmMs);
    retries.add(timer);
  };

  for (const path of paths) {
    const isDirectory = existsSync(path) && statSync(path).isDirectory();
    if (isDirectory) arm(path, (name) => (/\.ya?ml$/i.test(name) && !name.includes('/') ? join(path, name) : undefined));
    else arm(dirname(path), (name) => (name === basename(path) ? path : undefined));
  }
  return {
    close() {
      closed = true;
      for (const watcher of watchers) watcher.close();
      for (const timer of [...timers.values(), ...retries]) clearTimeout(timer);
    },
  };
}
