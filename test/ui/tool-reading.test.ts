/**
 * The dashboard's tool list of a mock connection shows how the simulator reads each tool (the
 * operation and entity beside its name, and the reasons, with the connection's corrections), as
 * `mcpsim explain` prints them. In process (`app.fetch`, a real SQLite database).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPlatform, type Platform } from '../../src/platform/platform.js';

const apiKey = 'tool-reading-test-key';
const host = '127.0.0.1:4010';

describe("the dashboard's tool list", () => {
  let platform: Platform;
  beforeEach(() => {
    platform = createPlatform({ apiKey, demo: false, logger: { error: () => {} } });
  });
  afterEach(() => platform.close());

  const request = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    platform.app.request(path, { ...init, headers: { host, ...init.headers } });
  const api = (method: string, path: string, body?: unknown) =>
    request(path, {
      method,
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it('shows how the simulator reads each tool of a mock connection, with its corrections', async () => {
    await api('PUT', '/namespaces/lab');
    expect((await api('PUT', '/connect/lab/gh', { server: '@github/github-mcp-server', mock: { enabled: true } })).status).toBe(201);
    const set = await api('PUT', '/__mcpsim/connections/lab/gh/simulation', {
      tools: { list_issues: { operation: 'search', entity: 'ticket' } },
    });
    expect(set.status).toBe(200);
    const login = await request(`/?token=${platform.dashboard!.sessions.loginToken}`, { headers: { accept: 'text/html' } });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const page = await request('/ui/connections/lab/gh', { headers: { cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<code>issue_write</code> <span class="badge">create | update (by method) issue</span>');
    expect(html).toContain('<span class="badge">search ticket</span>');
    expect(html).toContain('How the simulator reads it');
    expect(html).toContain('<code>issue_number</code> <span class="muted">&quot;issue_number&quot; names the issue');
    expect(html).toContain('the scenario&#39;s tools: correction');
  });
});
