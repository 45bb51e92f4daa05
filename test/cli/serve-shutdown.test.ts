/**
 * SIGTERM ends `serve` promptly while a registry search waits on an embeddings endpoint that never
 * answers (an OpenAI-compatible server on 127.0.0.1): shutdown aborts the request, the search
 * answers with the lexical ranking, and the process need not wait out the embeddings timeout (10 s).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { eventually } from '../support/eventually.js';
import { embeddingsPath, startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai-server.js';
import { testApiKey } from '../support/harness.js';

describe('serve shutting down during a semantic search', () => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    fake.script(embeddingsPath, 'hang');
  });
  afterAll(() => fake.close());

  // Under the embeddings timeout: without the abort on shutdown, this test times out.
  it('aborts the embeddings request on SIGTERM, answers the search, and exits', { timeout: 8000 }, async () => {
    const out = { stdout: '', stderr: '' };
    let stop: (signal: string) => void = () => {};
    const dataDir = mkdtempSync(join(tmpdir(), 'mcpsim-shutdown-'));
    const exit = main(['serve', '--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir, '--api-key', testApiKey], {
      stdout: (text) => void (out.stdout += text),
      stderr: (text) => void (out.stderr += text),
      env: { OPENAI_BASE_URL: fake.url, MCPSIM_MODEL: 'off' },
      onShutdownSignal: (handler) => void (stop = handler),
    });
    await eventually(async () => expect(out.stdout).toContain('Press Ctrl+C to stop.'), 6000);
    const baseUrl = /Base URL\s+(\S+)/.exec(out.stdout)![1]!;
    const search = fetch(`${baseUrl}/servers?q=github&fields=qualifiedName`, { headers: { authorization: `Bearer ${testApiKey}` } });
    await eventually(async () => expect(fake.requests).toHaveLength(1));
    stop('SIGTERM');
    const answer = await search;
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { servers: { qualifiedName: string }[] }).servers[0]?.qualifiedName).toBe('@github/github-mcp-server');
    expect(await exit).toBe(0);
    expect(fake.requests[0]!.aborted).toBe(true);
    expect(out.stdout).toContain('mcpsim stopped.');
  });
});
