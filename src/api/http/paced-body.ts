import { apiError, type ApiError } from '../../errors.js';

/** How fast a large body must arrive once reading starts (the rules of `createBodyBudget`). */
export interface BodyPace {
  /** The whole body arrives within this many ms, however fast it started. */
  deadlineMs: number;
  /** After `graceMs`, at least this many bytes per second on average. */
  minBytesPerSecond: number;
  /** How long a body may take before the minimum rate applies (a slow start, a TCP window opening). */
  graceMs: number;
}

/**
 * Reads a request body that holds a share of the large-body budget, cutting it off with 408
 * `request_timeout` when it falls behind its pace: the time it may take grows with what arrived
 * (`graceMs` plus 1 s per `minBytesPerSecond` bytes, as Apache's mod_reqtimeout counts), up to
 * `deadlineMs`. A body over `maxBytes` is a 413. One timer per body, re-armed only when it fires.
 *
 * A body cut off is abandoned, not cancelled: cancelling destroys the socket, and the client would
 * get a reset instead of the answer. The answer carries `connection: close`, so Node closes the
 * connection once it is written and the rest of the body is never read.
 *
 * @example
 *   const text = await readPacedBody(c.req.raw.body!, maxBodyBytes, { deadlineMs: 60_000, minBytesPerSecond: 65_536, graceMs: 5000 });
 */
export async function readPacedBody(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  pace: BodyPace,
  now: () => number = () => performance.now(),
): Promise<string> {
  const reader = body.getReader();
  const started = now();
  let received = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cutOff: (error: ApiError) => void = () => {};
  const cut = new Promise<never>((_, reject) => (cutOff = reject));
  cut.catch(() => {});
  const check = () => {
    const allowed = Math.min(pace.deadlineMs, pace.graceMs + (received * 1000) / pace.minBytesPerSecond);
    const left = allowed - (now() - started);
    if (left > 0) timer = setTimeout(check, left);
    else cutOff(allowed >= pace.deadlineMs ? deadlinePassed(pace) : tooSlow(pace));
  };
  check();
  const chunks: Uint8Array[] = [];
  try {
    for (;;) {
      const read = reader.read();
      // A read that loses the race settles later, or never; its outcome is nobody's business.
      read.catch(() => {});
      const { done, value } = await Promise.race([read, cut]);
      if (done) break;
      received += value.byteLength;
      if (received > maxBytes) throw apiError('payload_too_large', `Request body is larger than ${maxBytes} bytes`);
      chunks.push(value);
    }
  } catch (error) {
    try {
      reader.releaseLock();
    } catch {
      // Older runtimes refuse to release a reader with a read pending; the body is abandoned either way.
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Closes the connection after the answer: the rest of a body cut off is never read. */
const closeHeaders = { connection: 'close' };

function tooSlow(pace: BodyPace): ApiError {
  return apiError(
    'request_timeout',
    `Request body arrived slower than ${toKibibytes(pace.minBytesPerSecond)} KiB/s after its first ${pace.graceMs / 1000} s (the minimum rate for bodies over 1 MiB); send it faster, or in smaller requests`,
    { headers: closeHeaders },
  );
}

function deadlinePassed(pace: BodyPace): ApiError {
  return apiError(
    'request_timeout',
    `Request body did not arrive within ${pace.deadlineMs / 1000} s (the read deadline for bodies over 1 MiB); send it faster, or in smaller requests`,
    { headers: closeHeaders },
  );
}

const toKibibytes = (bytes: number) => Math.round((bytes / 1024) * 100) / 100;
