import { describe, expect, it } from 'vitest';
import { readBearer, toCredential } from './credential.js';

describe('a credential', () => {
  it('is a service token by its prefix once the whitespace around it is gone', () => {
    for (const given of ['mcps_abc', ' mcps_abc', '\tmcps_abc', 'mcps_abc \n', '\r\n mcps_abc'])
      expect(toCredential(given), JSON.stringify(given)).toEqual({ kind: 'service_token', text: 'mcps_abc' });
  });

  it('is an API key otherwise, without the whitespace a paste brings', () => {
    expect(toCredential('mcpsim-dev-key\n')).toEqual({ kind: 'api_key', text: 'mcpsim-dev-key' });
  });

  it('is nothing when empty or holding a space or tab', () => {
    for (const given of ['', '  ', 'a b', 'a\tb']) expect(toCredential(given), JSON.stringify(given)).toBeNull();
  });

  it('reads a bearer header the same way: the spaces or tabs after Bearer never hide a token', () => {
    expect(readBearer('Bearer \tmcps_abc')).toEqual({ kind: 'service_token', text: 'mcps_abc' });
    expect(readBearer('bearer key-123')).toEqual({ kind: 'api_key', text: 'key-123' });
    for (const header of ['Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'Bearerkey', 'Bearer a b'])
      expect(readBearer(header), header).toBeNull();
  });
});
