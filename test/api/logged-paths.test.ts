/**
 * What the access log may show of a path (issue "Safe on a developer's machine", item 9): a CLI
 * login's session id is a credential (whoever knows it can poll for the new API key before the
 * CLI does), so it is masked as a setup link's ticket is. Before, `/api/auth/cli/poll/<id>` and
 * the approval page's path were logged as they came.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../support/harness.js';

describe('paths in the access log', () => {
  let harness: Harness;
  const logged: string[] = [];

  beforeAll(async () => {
    harness = await startHarness('in-process', { logger: { error: () => {}, request: ({ path }) => void logged.push(path) } });
  });
  afterAll(() => harness.close());

  it('masks the session id of a CLI login poll and approval page (the original requests)', async () => {
    const { sessionId, authUrl } = (await harness.call('POST', '/api/auth/cli/session', { key: null })).body;
    expect((await harness.call('GET', `/api/auth/cli/poll/${sessionId}`, { key: null })).body).toEqual({ status: 'pending' });
    await harness.platform.app.fetch(new Request(authUrl));
    expect(logged).toEqual(['/api/auth/cli/session', '/api/auth/cli/poll/***', '/api/auth/cli/approve/***']);
    expect(logged.join('\n')).not.toContain(sessionId);
  });

  it("masks a setup link's ticket, and shows other paths as they are", async () => {
    logged.length = 0;
    await harness.platform.app.fetch(new Request('http://mcpsim.test/__mcpsim/setup/some-ticket.mac'));
    await harness.call('GET', '/namespaces');
    expect(logged).toEqual(['/__mcpsim/setup/***', '/namespaces']);
  });
});
