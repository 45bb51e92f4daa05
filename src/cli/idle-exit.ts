import type { startServer } from '../node/start-server.js';

type Fetch = Parameters<typeof startServer>[0]['fetch'];

/** How `--idle-exit` reads: minutes or hours, at least a second (tests use seconds), at most a week. */
export const idleExitRule = { numberUnit: 's', units: ['s', 'm', 'h'], minMs: 1000, maxMs: 7 * 86_400_000 } as const;

/**
 * Ends a server nobody uses (`serve --idle-exit`, which `mcpsim mcp` gives the server it starts in the
 * background): `onIdle` is told once no request has been in flight for `idleMs`. A request counts from
 * its start until its response is made, so a long tool call is not idle time.
 *
 * @example
 *   const idle = createIdleExit(30 * 60_000, () => stop('idle'));
 *   await startServer({ fetch: idle.watch(platform.app.fetch), port: 0 });
 */
export function createIdleExit(idleMs: number, onIdle: () => void) {
  let inFlight = 0;
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(onIdle, idleMs);
    // The socket keeps the process up; this timer alone must not.
    timer.unref();
  };
  arm();
  return {
    watch(fetch: Fetch): Fetch {
      return async (request, env) => {
        inFlight++;
        clearTimeout(timer);
        try {
          return await fetch(request, env);
        } finally {
          if (--inFlight === 0) arm();
        }
      };
    },
    close: () => clearTimeout(timer),
  };
}
