import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { createModelJudge } from '../../src/sim/model/model-judge.js';

const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 5, text: 5, reasoning: 0 } };
const answering = (text: string) =>
  new MockLanguageModelV3({
    doGenerate: async () => ({ content: [{ type: 'text', text }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] }),
  });
const call = { tool: 'list_issues', arguments: { state: 'open' }, result: { content: [{ type: 'text', text: 'Login fails on Safari' }] } };

describe('the model judge of plain-language checks', () => {
  it('asks the model with the check, the tool, the arguments and the result, at temperature 0', async () => {
    const model = answering('{"pass":true,"reason":"It lists a login bug."}');
    expect(await createModelJudge({ model })('At least one issue is about login', call)).toEqual({
      pass: true,
      reason: 'It lists a login bug.',
    });
    const [options] = model.doGenerateCalls;
    expect(options!.temperature).toBe(0);
    const text = JSON.stringify(options!.prompt);
    for (const part of ['At least one issue is about login', 'list_issues', '{\\"state\\":\\"open\\"}', 'Login fails on Safari'])
      expect(text).toContain(part);
  });

  it('says it could not judge, and why, when the model cannot answer', async () => {
    const model = new MockLanguageModelV3({ doGenerate: async () => Promise.reject(new Error('connection reset')) });
    const verdict = await createModelJudge({ model })('anything', call);
    expect(verdict.pass).toBeNull();
    expect(verdict.reason).toMatch(/^the judge model failed: .*connection reset/);
  });
});
