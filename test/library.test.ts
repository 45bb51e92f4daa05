import { describe, expect, it } from 'vitest';
import * as mcpsim from '../src/index.js';

describe('the library entry point', () => {
  it('exports what it takes to run an in-memory platform on a socket', async () => {
    expect(Object.keys(mcpsim).sort()).toEqual(
      ['ApiError', 'chainSources', 'createManualClock', 'createPlatform', 'createReplaySource', 'createSeededRandom', 'errorCatalog', 'startServer', 'systemClock', 'systemRandom', 'version'].sort(),
    );
    const platform = mcpsim.createPlatform({ apiKey: 'library-key-123', clock: mcpsim.createManualClock('2026-03-01T00:00:00.000Z') });
    const server = await mcpsim.startServer({ fetch: platform.app.fetch, port: 0 });
    try {
      const response = await fetch(`${server.url}/connect/demo/time`, { headers: { authorization: 'Bearer library-key-123' } });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ connectionId: 'time', createdAt: '2026-03-01T00:00:00.000Z', status: { state: 'connected' } });
    } finally {
      await server.close();
      platform.close();
    }
  });
});
