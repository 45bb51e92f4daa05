import type { Context } from 'hono';

/**
 * Largest request body accepted. The largest valid body (16 source files of 131,072 characters,
 * which JSON may escape to 6 bytes each) is about 12.6 MB.
 */
export const maxBodyBytes = 16 * 1024 * 1024;

/** Bytes of large request bodies (over 1 MiB each) read and worked on at once: four of the largest. */
export const defaultBodyBudgetBytes = 4 * maxBodyBytes;

/** A body below this many bytes needs no share of the budget: the hot path never waits. */
export const largeBodyBytes = 1024 * 1024;

export interface BodyBudget {
  /**
   * Waits until the request's body fits the budget (bodies over `largeBodyBytes`, by their
   * Content-Length; a body of unknown length counts as `maxBytes`), then returns the release to
   * call once the request is answered. A small body needs no reservation: null, at once.
   */
  reserve(c: Context, maxBytes: number): Promise<() => void> | (() => void) | null;
}

/**
 * A cap on concurrent large request bodies: at most `totalBytes` of them are read and worked on
 * at once, the others wait their turn in order (their bytes wait in the socket, where TCP holds
 * them back). Without it, 30 concurrent 15 MiB bodies took the process past 750 MiB.
 *
 * @example
 *   const budget = createBodyBudget(64 * 1024 * 1024);
 *   const release = await budget.reserve(c, maxBodyBytes);
 *   try { ... } finally { release(); }
 */
export function createBodyBudget(totalBytes: number): BodyBudget {
  let available = totalBytes;
  const waiting: { bytes: number; start: () => void }[] = [];

  function grant(bytes: number): () => void {
    available -= bytes;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      available += bytes;
      // First come, first served: a large body waiting at the head is not overtaken by smaller ones.
      while (waiting.length > 0 && waiting[0]!.bytes <= available) waiting.shift()!.start();
    };
  }

  return {
    reserve(c, maxBytes) {
      const declared = c.req.header('content-length');
      const length = declared === undefined ? (c.req.raw.body ? maxBytes : 0) : Number(declared) || 0;
      // Past maxBytes the body is refused (413) without being read: nothing to wait for.
      if (length <= largeBodyBytes || length > maxBytes) return null;
      const bytes = Math.min(length, totalBytes);
      if (waiting.length === 0 && bytes <= available) return grant(bytes);
      return new Promise((resolve) => waiting.push({ bytes, start: () => resolve(grant(bytes)) }));
    },
  };
}
