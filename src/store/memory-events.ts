import type { CallLogEntry } from '../domain/memory-log.js';
import type { MemoryKey } from './memory-keys.js';

/**
 * What happened to a memory, told after it is stored: a call was committed, or the whole memory
 * was replaced (reset, restore, fork into it), after which a reader should read it again.
 */
export type MemoryEvent = { kind: 'call'; key: MemoryKey; entry: CallLogEntry } | { kind: 'replaced'; key: MemoryKey };

export type MemoryListener = (event: MemoryEvent) => void;

/**
 * Listeners of the memory log, e.g. the dashboard's live timeline. Told only after a commit, so
 * what a listener shows is stored; with no listener, telling costs one size check per batch.
 *
 * @example
 *   const events = createMemoryEvents();
 *   const stop = events.subscribe((event) => event.kind === 'call' && console.log(event.entry.sequence));
 *   stop();
 */
export function createMemoryEvents() {
  const listeners = new Set<MemoryListener>();
  return {
    subscribe(listener: MemoryListener): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    get listening(): boolean {
      return listeners.size > 0;
    },
    /** Tells every listener; a listener that throws does not stop the others nor the store. */
    emit(event: MemoryEvent): void {
      for (const listener of listeners) {
        try {
          listener(event);
        } catch {
          // A listener's failure (a closed stream) is its own business.
        }
      }
    },
  };
}

export type MemoryEvents = ReturnType<typeof createMemoryEvents>;
