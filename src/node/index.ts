/**
 * `mcpsim/node`: what only runs on Node, kept off the runtime-neutral root export (as msw keeps
 * `msw/node` apart from `msw`): the socket server for a platform's fetch handler.
 *
 * @example
 *   import { createPlatform } from 'mcpsim';
 *   import { startServer } from 'mcpsim/node';
 *   const platform = createPlatform({ apiKey: 'test-key-123' }); // in memory
 *   const server = await startServer({ fetch: platform.app.fetch, port: 0 });
 *   // ... point the SDK at server.url ...
 *   await server.close();
 *   platform.close();
 */
export { startServer, type RunningServer } from './start-server.js';
