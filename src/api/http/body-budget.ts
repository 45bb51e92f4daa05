import type { Context } from 'hono';
import { apiError } from '../../errors.js';
import type { BodyPace } from './paced-body.js';

/**
 * Largest request body accepted. The largest valid body (16 source files of 131,072 characters,
 * which JSON may escape to 6 bytes each) is about 12.6 MB.
 */
export const maxBodyBytes = 16 * 1024 * 1024;

/** A body below this many bytes needs no share of the budget: the hot path never waits. */
export const largeBodyBytes = 1024 * 1024;

/** The rules of large bodies (over `largeBodyBytes`): how much at once, how long to wait, how fast they must arrive. */
export interface BodyLimits extends BodyPace {
  /** Bytes of large bodies read and worked on at once, every account together. */
  totalBytes: number;
  /** The most one account may hold of `totalBytes`, so it cannot take it all. */
  perAccountBytes: number;
  /** How long a body may wait for its share before it is refused with 503. */
  maxWaitMs: number;
}

/** The defaults (docs/security.md, "Sessions, logins and budgets"): four of the largest bodies at once, two per account. */
export const defaultBodyLimits: BodyLimits = {
  totalBytes: 4 * maxBodyBytes,
  perAccountBytes: 2 * maxBodyBytes,
  maxWaitMs: 10_000,
  deadlineMs: 60_000,
  minBytesPerSecond: 64 * 1024,
  graceMs: 5_000,
};

/** A share of the budget: the pace its body must keep, and the release to call once the request is answered. */
export interface BodyGrant {
  pace: BodyPace;
  release(): void;
}

export interface BodyBudget {
  /**
   * Waits until the request's body fits the budget and its account's share (bodies over
   * `largeBodyBytes`, by their Content-Length; a body of unknown length counts as `maxBytes`),
   * then grants it. A small body needs no reservation: null, at once. Rejects with 503
   * `server_busy` (and `retry-after`) after `maxWaitMs`. `account` is the caller's account id, or
   * null for a public route (those share one share).
   */
  reserve(c: Context, maxBytes: number, account: string | null): Promise<BodyGrant> | BodyGrant | null;
}

interface Waiter {
  account: string;
  bytes: number;
  start(): void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * A cap on concurrent large request bodies: at most `totalBytes` of them are read and worked on at
 * once, at most `perAccountBytes` of one account, the others wait their turn in order (their bytes
 * wait in the socket, where TCP holds them back). Without the cap, 30 concurrent 15 MiB bodies
 * took the process past 750 MiB; without the share and the pace, one account holding the whole
 * budget with slow uploads stalled every other account's large request.
 *
 * @example
 *   const budget = createBodyBudget(defaultBodyLimits);
 *   const grant = await budget.reserve(c, maxBodyBytes, caller.account.id);
 *   try { ... readBodyText(c, maxBodyBytes, grant?.pace) ... } finally { grant?.release(); }
 */
export function createBodyBudget(limits: BodyLimits = defaultBodyLimits): BodyBudget {
  const pace: BodyPace = { deadlineMs: limits.deadlineMs, minBytesPerSecond: limits.minBytesPerSecond, graceMs: limits.graceMs };
  let available = limits.totalBytes;
  const held = new Map<string, number>();
  const waiting: Waiter[] = [];
  const overShare = (account: string, bytes: number) => (held.get(account) ?? 0) + bytes > limits.perAccountBytes;

  function grant(account: string, bytes: number): BodyGrant {
    available -= bytes;
    held.set(account, (held.get(account) ?? 0) + bytes);
    let released = false;
    return {
      pace,
      release() {
        if (released) return;
        released = true;
        available += bytes;
        const left = held.get(account)! - bytes;
        if (left === 0) held.delete(account);
        else held.set(account, left);
        startWaiting();
      },
    };
  }

  /**
   * Starts waiting bodies in order. One held back by its own account's share does not hold up
   * other accounts (its account's later bodies wait behind it); one held back by the shared budget
   * holds up everyone (first come, first served: a large body is not overtaken by smaller ones).
   */
  function startWaiting(): void {
    const heldBack = new Set<string>();
    for (let index = 0; index < waiting.length;) {
      const waiter = waiting[index]!;
      if (heldBack.has(waiter.account) || overShare(waiter.account, waiter.bytes)) {
        heldBack.add(waiter.account);
        index++;
        continue;
      }
      if (waiter.bytes > available) return;
      waiting.splice(index, 1);
      clearTimeout(waiter.timer);
      waiter.start();
    }
  }

  /** Whether a new body of `account` must queue: its account already waits, or a body waits on the shared budget. */
  function mustQueue(account: string): boolean {
    const heldBack = new Set<string>();
    for (const waiter of waiting) {
      if (waiter.account === account) return true;
      if (heldBack.has(waiter.account) || overShare(waiter.account, waiter.bytes)) heldBack.add(waiter.account);
      else return true;
    }
    return false;
  }

  return {
    reserve(c, maxBytes, accountId) {
      const declared = c.req.header('content-length');
      const length = declared === undefined ? (c.req.raw.body ? maxBytes : 0) : Number(declared) || 0;
      // Past maxBytes the body is refused (413) without being read: nothing to wait for.
      if (length <= largeBodyBytes || length > maxBytes) return null;
      const account = accountId ?? '';
      const bytes = Math.min(length, limits.totalBytes, limits.perAccountBytes);
      if (!mustQueue(account) && !overShare(account, bytes) && bytes <= available) return grant(account, bytes);
      return new Promise<BodyGrant>((resolve, reject) => {
        const waiter: Waiter = {
          account,
          bytes,
          start: () => resolve(grant(account, bytes)),
          timer: setTimeout(() => {
            waiting.splice(waiting.indexOf(waiter), 1);
            // Its place at the head may have held others back.
            startWaiting();
            reject(busy(limits));
          }, limits.maxWaitMs),
        };
        waiting.push(waiter);
      });
    },
  };
}

function busy(limits: BodyLimits) {
  const seconds = Math.max(1, Math.ceil(limits.maxWaitMs / 1000));
  return apiError(
    'server_busy',
    `Waited ${limits.maxWaitMs / 1000} s for a share of the budget for large bodies (over 1 MiB: ${toMebibytes(limits.totalBytes)} MiB at once, ${toMebibytes(limits.perAccountBytes)} MiB per account), which other requests hold; try again`,
    { headers: { 'retry-after': String(seconds) } },
  );
}

const toMebibytes = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 100) / 100;
