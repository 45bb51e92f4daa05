import { describe, expect, it } from 'vitest';
import * as mcpsim from '../src/index.js';
import * as mcpsimNode from '../src/node/index.js';

describe('the library entry point', () => {
  it('exports what it takes to run an in-memory platform, and mcpsim/node the socket server for it', async () => {
    expect(Object.keys(mcpsim).sort()).toEqual(
      [
        'ApiError',
        'chainSources',
        'createManualClock',
        'createPlatform',
        'createReplaySource',
        'createSeededRandom',
        'errorCatalog',
        'systemClock',
        'systemRandom',
        'version',
      ].sort(),
    );
    expect(Object.keys(mcpsimNode)).toEqual(['startServer']);
    const platform = mcpsim.createPlatform({ apiKey: 'library-key-123', clock: mcpsim.createManualClock('2026-03-01T00:00:00.000Z') });
    const server = await mcpsimNode.startServer({ fetch: platform.app.fetch, port: 0 });
    try {
      const response = await fetch(`${server.url}/connect/demo/time`, { headers: { authorization: 'Bearer library-key-123' } });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        connectionId: 'time',
        createdAt: '2026-03-01T00:00:00.000Z',
        status: { state: 'connected' },
      });
    } finally {
      await server.close();
      platform.close();
    }
  });
});
