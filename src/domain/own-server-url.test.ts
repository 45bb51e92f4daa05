import { describe, expect, it } from 'vitest';
import { isOwnServerUrl, type OwnAddresses } from './own-server-url.js';

const local: OwnAddresses = { publicUrl: 'http://127.0.0.1:4010', listenUrl: 'http://127.0.0.1:4010', interfaceAddresses: () => [] };

describe('isOwnServerUrl', () => {
  it.each([
    'http://127.0.0.1:4010/connect/demo/c1/mcp',
    'http://localhost:4010/demo/c1/mcp',
    'http://LOCALHOST.:4010/connect/demo/c1/mcp',
    'http://app.localhost:4010/mcp',
    'http://127.0.0.7:4010/health',
    'http://[::1]:4010/connect/demo/c1/mcp',
    'http://0.0.0.0:4010/connect/demo/c1/mcp',
    'http://[::]:4010/mcp',
    'http://[::ffff:127.0.0.1]:4010/mcp',
    'http://2130706433:4010/mcp',
    'http://0:4010/mcp',
  ])('knows %s as this server', (url) => {
    expect(isOwnServerUrl(url, local)).toBe(true);
  });

  it.each([
    'http://127.0.0.1:4011/mcp',
    'http://localhost/mcp',
    'https://127.0.0.1:4010.example.com/mcp',
    'http://example.com:4010/mcp',
    'not a url',
  ])('knows %s as another server', (url) => {
    expect(isOwnServerUrl(url, local)).toBe(false);
  });

  it('knows the public URL, with its default port, wherever it points', () => {
    const published = { publicUrl: 'https://mcpsim.example.com', listenUrl: 'http://127.0.0.1:4010', interfaceAddresses: () => [] };
    expect(isOwnServerUrl('https://mcpsim.example.com/connect/demo/c1/mcp', published)).toBe(true);
    expect(isOwnServerUrl('https://MCPSIM.example.com:443/demo/c1/mcp', published)).toBe(true);
    expect(isOwnServerUrl('http://mcpsim.example.com/demo/c1/mcp', published)).toBe(false);
    // Loopback names reach the listen port, not the public one (a proxy's).
    expect(isOwnServerUrl('http://localhost:443/mcp', published)).toBe(false);
    expect(isOwnServerUrl('http://localhost:4010/mcp', published)).toBe(true);
  });

  it('knows every interface address on a wildcard bind, and only on its port', () => {
    const wildcard = {
      publicUrl: 'http://0.0.0.0:4010',
      listenUrl: 'http://0.0.0.0:4010',
      interfaceAddresses: () => ['192.168.7.7', 'fe80::1'],
    };
    expect(isOwnServerUrl('http://192.168.7.7:4010/mcp', wildcard)).toBe(true);
    expect(isOwnServerUrl('http://[fe80::1]:4010/mcp', wildcard)).toBe(true);
    expect(isOwnServerUrl('http://192.168.7.7:4011/mcp', wildcard)).toBe(false);
    expect(isOwnServerUrl('http://192.168.7.8:4010/mcp', wildcard)).toBe(false);
    expect(isOwnServerUrl('http://192.168.7.7:4010/mcp', { ...local, interfaceAddresses: () => ['192.168.7.7'] })).toBe(false);
  });
});
