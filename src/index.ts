/**
 * mcpsim as a library: the platform (database, demo data and API app), runtime neutral apart from
 * SQLite. The socket server is in `mcpsim/node`, the msw handlers in `mcpsim/msw`.
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
export { createPlatform, type Platform, type PlatformOptions } from './platform/platform.js';
export type { Logger } from './api/context.js';
export { ApiError, errorCatalog, type ErrorBody, type ErrorCode } from './errors.js';
export { createManualClock, systemClock, type Clock } from './domain/clock.js';
export { createSeededRandom, systemRandom, type RandomSource } from './domain/random.js';
export type { Connection, ConnectionStatus, ServerInfo } from './domain/connection.js';
export { createReplaySource, type ReplaySourceOptions } from './sim/fixtures/replay-source.js';
export { chainSources, type ToolCall, type ToolResolution, type ToolResultSource } from './sim/source/tool-result-source.js';
export { version } from './version.js';
