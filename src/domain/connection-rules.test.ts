import { describe, expect, it } from 'vitest';
import type { ConnectionStatus } from './connection.js';
import { findMissingInputs, isTargetChangeAllowed, resolveHttpStatus, toMetadataText } from './connection-rules.js';
import { createReadableId } from './readable-id.js';
import { createSeededRandom } from './random.js';

const waiting: ConnectionStatus = { state: 'input_required', http: {}, missing: { headers: ['A'], query: [] } };
const connected: ConnectionStatus = { state: 'connected' };

describe('isTargetChangeAllowed', () => {
  it.each([
    [connected, 'https://a.test/mcp', 'https://a.test/mcp', true],
    [connected, 'https://a.test/mcp', 'https://a.test/mcp?k=1', false],
    [waiting, 'https://a.test/mcp', 'https://a.test/mcp?k=1', true],
    [waiting, 'https://a.test/mcp?k=1', 'https://a.test/mcp?k=2', true],
    [waiting, 'https://a.test/mcp', 'https://a.test:8443/mcp', false],
    [waiting, 'https://a.test/mcp', 'https://b.test/mcp', false],
    [waiting, 'https://a.test/mcp', 'https://a.test/mcp/', false],
    [waiting, 'https://a.test/mcp', null, false],
    [connected, null, null, true],
  ] as const)('from %j %s to %s: %s', (status, from, to, allowed) => {
    expect(isTargetChangeAllowed({ status, mcpUrl: from }, to)).toBe(allowed);
  });
});

describe('findMissingInputs', () => {
  const profile = {
    headers: {
      Authorization: { label: 'Token', required: true },
      'X-Optional': { label: 'Opt', required: false },
      'X-Unsaid': { label: 'Unsaid' },
    },
    query: { region: { label: 'Region', required: true } },
  };

  it('lists required headers (case-insensitively) and query parameters that are absent', () => {
    expect(findMissingInputs(profile, null, 'https://a.test/mcp')).toEqual({ headers: ['Authorization'], query: ['region'] });
    expect(findMissingInputs(profile, { authorization: 'x' }, 'https://a.test/mcp?region=eu')).toEqual({ headers: [], query: [] });
  });

  it('treats a field without required: true as optional', () => {
    expect(findMissingInputs(profile, { AUTHORIZATION: 'x' }, 'https://a.test/mcp?region=')).toEqual({ headers: [], query: [] });
  });
});

describe('resolveHttpStatus', () => {
  it('keeps the last known status unless input is missing or has just arrived', () => {
    const none = { headers: [], query: [] };
    expect(resolveHttpStatus(null, {}, none)).toEqual({ state: 'disconnected' });
    expect(resolveHttpStatus(connected, {}, none)).toEqual(connected);
    expect(resolveHttpStatus({ state: 'error', message: 'boom' }, {}, none)).toEqual({ state: 'error', message: 'boom' });
    expect(resolveHttpStatus(waiting, {}, none)).toEqual({ state: 'disconnected' });
    expect(resolveHttpStatus(connected, { query: { k: { label: 'K', required: true } } }, { headers: [], query: ['k'] })).toEqual({
      state: 'input_required',
      http: { query: { k: { label: 'K', required: true } } },
      missing: { headers: [], query: ['k'] },
    });
  });
});

describe('toMetadataText', () => {
  it('compares strings as themselves and everything else by its JSON text', () => {
    expect([toMetadataText('a'), toMetadataText(1), toMetadataText(true), toMetadataText(null), toMetadataText({ a: [1] })]).toEqual([
      'a',
      '1',
      'true',
      'null',
      '{"a":[1]}',
    ]);
  });
});

describe('createReadableId', () => {
  it('is readable and repeatable for the same seed', () => {
    const first = [createReadableId(createSeededRandom('s')), createReadableId(createSeededRandom('s'))];
    expect(first[0]).toMatch(/^[a-z]+-[a-z]+-[A-Za-z0-9]{4}$/);
    expect(first[0]).toBe(first[1]);
    expect(createReadableId(createSeededRandom('t'))).not.toBe(first[0]);
  });
});
