/**
 * `mcpsim test` needs no network: plain-language checks are judged only when asked (--judge,
 * --judge-strict, the scenario's judge: field), here with the model an OpenAI-compatible server on
 * 127.0.0.1. A judge that cannot answer reports "could not judge", failing the step only when
 * judging is strict.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { chatPath, startFakeOpenAI, toChatBody, toErrorBody, type FakeOpenAI } from '../support/fake-openai-server.js';

describe('plain-language checks in mcpsim test', () => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
    fake.script(chatPath, { status: 503, json: toErrorBody('the model is loading') });
  });

  async function test(argv: string[]) {
    const out = { stdout: '', stderr: '' };
    const io: CliIo = {
      stdout: (text) => void (out.stdout += text),
      stderr: (text) => void (out.stderr += text),
      // A CI machine that carries a key for other jobs.
      env: { OPENAI_API_KEY: 'sk-for-another-job', OPENAI_BASE_URL: fake.url, MCPSIM_MODEL_DEADLINE_MS: '5000' },
      onShutdownSignal: () => {},
    };
    const code = await main(['test', ...argv], io);
    return { code, ...out };
  }

  it('makes no model request unless asked, even with a key set', async () => {
    const result = await test(['scenarios/issue-triage.yaml']);
    expect(result.code).toBe(0);
    expect(fake.requests).toEqual([]);
    expect(result.stdout).toContain('skipped, plain-language checks are judged only when asked (mcpsim test --judge');
    expect(result.stderr).toContain('(plain-language checks not judged: pass --judge to judge them with the model)');
  });

  it('judges with --judge, and reports a model it cannot reach as "could not judge", not a failure', async () => {
    const result = await test(['scenarios/issue-triage.yaml', '--judge']);
    expect(fake.requests.length).toBeGreaterThan(0);
    expect(result.stdout).toMatch(/could not judge: the judge model failed: HTTP 503 .*the model is loading/);
    expect(result.stderr).toContain('0 failed');
    expect(result.code).toBe(0);

    fake.script(chatPath, { json: toChatBody('{"pass":true,"reason":"it is about the checkout page"}') });
    const judged = await test(['scenarios/issue-triage.yaml', '--judge']);
    expect(judged.stderr).toContain('7 passed, 0 failed, 0 skipped');
  });

  it('fails the step the model could not judge with --judge-strict, or judge: strict in the scenario', async () => {
    const strict = await test(['scenarios/issue-triage.yaml', '--judge-strict']);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain('could not judge (strict judging fails the step)');

    const dir = mkdtempSync(join(tmpdir(), 'mcpsim-judging-'));
    cpSync('scenarios', join(dir, 'scenarios'), { recursive: true });
    cpSync('fixtures', join(dir, 'fixtures'), { recursive: true });
    const file = join(dir, 'scenarios', 'issue-triage.yaml');
    writeFileSync(file, `judge: strict\n${readFileSync(file, 'utf8')}`);
    fake.requests.length = 0;
    const fromScenario = await test([file]);
    expect(fake.requests.length).toBeGreaterThan(0);
    expect(fromScenario.code).toBe(1);
  });
});
