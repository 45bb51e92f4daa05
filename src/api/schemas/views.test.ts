import { describe, expect, it } from 'vitest';
import type { Connection } from '../../domain/connection.js';
import { deepFreeze } from '../../store/read-cache.js';
import { toConnectionText, toConnectionView } from './views.js';

const connection = (): Connection => ({
  namespace: 'team',
  connectionId: 'c1',
  name: 'First',
  transport: 'http',
  mcpUrl: 'https://example.com/mcp',
  server: null,
  metadata: { team: 'a' },
  mock: null,
  iconUrl: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  status: { state: 'connected' },
  serverInfo: null,
  source: null,
});

describe('toConnectionText', () => {
  it('is the JSON of the connection view, for a stored (frozen) connection and for any other', () => {
    const stored = deepFreeze(connection());
    expect(toConnectionText(stored)).toBe(JSON.stringify(toConnectionView(stored)));
    expect(toConnectionText(stored)).toBe(toConnectionText(stored));
    expect(JSON.parse(toConnectionText(connection()))).toEqual(toConnectionView(connection()));
  });

  it('serialises a connection that is not frozen again each time, so a change shows', () => {
    const changing = connection();
    expect(JSON.parse(toConnectionText(changing)).name).toBe('First');
    changing.name = 'Renamed';
    expect(JSON.parse(toConnectionText(changing)).name).toBe('Renamed');
  });
});
