/**
 * Secrets through side channels (issue 16, item 5): an upstream whose error page echoes the
 * request put the stored `Authorization` value in plaintext into `status.message` (database, WAL,
 * GET, list and `.tools`, read-only tokens included). Every stored header and query value is now
 * scrubbed from upstream error text before it is stored or returned.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrubSecrets, toSecretValues } from '../../src/domain/secrets.js';
import { startHarness, type Harness } from '../support/harness.js';
import { mint } from '../support/tokens.js';
import { startUpstream, type Upstream } from '../support/upstream-servers.js';

const headerSecret = 'header-secret-5678';
const querySecret = 'query-secret-1234';

describe('upstream error text scrubbed of stored secrets', () => {
  let harness: Harness;
  let upstream: Upstream;
  beforeAll(async () => {
    harness = await startHarness('socket');
    upstream = await startUpstream('echoing');
    await harness.call('PUT', '/namespaces/side');
    const created = await harness.call('PUT', '/connect/side/echo', {
      body: { mcpUrl: `${upstream.url}?key=${querySecret}`, headers: { Authorization: `Bearer ${headerSecret}` } },
    });
    expect(created.status).toBe(201);
  });
  afterAll(async () => {
    await harness.close();
    await upstream.close();
  });

  const leaks = (value: unknown) => {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    return text.includes(headerSecret) || text.includes(querySecret);
  };

  it('stores the probe failure with the secrets masked (the original request)', async () => {
    const read = await harness.call('GET', '/connect/side/echo');
    expect(read.body.status.state).toBe('error');
    expect(read.body.status.message).toContain('answered HTTP 500: rejected authorization=*** url=/mcp?key=***');
    expect(leaks(read.body.status)).toBe(false);
  });

  it('never shows them in the list, the namespace tools, REST or MCP answers, to the key or a read-only token', async () => {
    const token = await mint(harness, [{ namespaces: 'side', operations: 'read' }]);
    for (const key of [undefined, token]) {
      const list = await harness.call('GET', '/connect/side', key ? { key } : {});
      expect(leaks(list.body.connections.map((connection: { status: unknown }) => connection.status))).toBe(false);
      const tools = await harness.call('GET', '/connect/side/.tools', key ? { key } : {});
      expect(tools.body.connections[0].error.message).toContain('***');
      expect(leaks(tools.body)).toBe(false);
    }
    const rest = await harness.call('GET', '/connect/side/echo/.tools');
    expect(rest.status).toBe(502);
    expect(leaks(rest.body)).toBe(false);
    const mcp = await harness.call('POST', '/connect/side/echo/mcp', {
      body: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      headers: { accept: 'application/json' },
    });
    expect(mcp.status).toBe(502);
    expect(mcp.body.error.message).toContain('***');
    expect(leaks(mcp.body)).toBe(false);
  });

  it('keeps them out of the database files and the WAL', () => {
    // The header is sealed; the query value lives only in the URL the client itself gave.
    for (const file of readdirSync(harness.dataDir))
      expect(readFileSync(join(harness.dataDir, file)).includes(headerSecret), file).toBe(false);
  });
});

describe('the secret scrubber', () => {
  it('scrubs a value in every spelling a request or an error page gives it, and the credential of a scheme', () => {
    const secrets = toSecretValues({ authorization: 'Bearer a+b/c d', 'x-key': 'k"ey1' }, 'https://x.test/mcp?token=t%26ok&region=eu');
    for (const text of ['Bearer a+b/c d', 'a+b/c', 'Bearer%20a%2Bb%2Fc%20d', 'Bearer+a%2Bb%2Fc+d', 'k\\"ey1', 't&ok', 't%26ok']) {
      expect(scrubSecrets(`<${text}>`, secrets), text).toBe('<***>');
    }
    // Short values and scheme words are no secrets: scrubbing them would garble every message.
    expect(scrubSecrets('Bearer region eu', secrets)).toBe('Bearer region eu');
  });
});
