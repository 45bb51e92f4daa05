import { describe, expect, it } from 'vitest';
import { ConfigError, resolveConfig } from './config.js';

const results = (env: Record<string, string>) => resolveConfig({}, env).results;

describe('the model settings of resolveConfig', () => {
  it('bounds a model call by a 45 s deadline and each attempt by 30 s, unless told otherwise', () => {
    expect(results({})).toMatchObject({ modelTimeoutMs: 30_000, modelDeadlineMs: 45_000 });
    expect(results({ MCPSIM_MODEL_DEADLINE_MS: '20000', MCPSIM_MODEL_TIMEOUT_MS: '8000' })).toMatchObject({
      modelTimeoutMs: 8000,
      modelDeadlineMs: 20_000,
    });
  });

  it('raises the deadline to an attempt time set above it, so a setting that worked before still does', () => {
    expect(results({ MCPSIM_MODEL_TIMEOUT_MS: '120000' })).toMatchObject({ modelTimeoutMs: 120_000, modelDeadlineMs: 120_000 });
    expect(results({ MCPSIM_MODEL_TIMEOUT_MS: '120000', MCPSIM_MODEL_DEADLINE_MS: '50000' }).modelDeadlineMs).toBe(50_000);
  });

  it('refuses a deadline that is not a number of milliseconds, naming the variable', () => {
    expect(() => results({ MCPSIM_MODEL_DEADLINE_MS: '45s' })).toThrow(ConfigError);
    expect(() => results({ MCPSIM_MODEL_DEADLINE_MS: '45s' })).toThrow(/^MCPSIM_MODEL_DEADLINE_MS: "45s" is not an integer/);
  });
});

describe('the prompt room of resolveConfig', () => {
  it('keeps a 4000-token prompt budget and a 4096-token answer limit when no context is stated', () => {
    expect(results({})).toMatchObject({ budgetTokens: 4000, modelMaxOutputTokens: 4096 });
  });

  it("fits the budget and the answer limit into a stated context (Ollama's 4096 by default)", () => {
    expect(results({ MCPSIM_MODEL_CONTEXT: '4096' })).toMatchObject({ budgetTokens: 2611, modelMaxOutputTokens: 1024 });
    expect(results({ MCPSIM_MODEL_CONTEXT: '32768' })).toMatchObject({ budgetTokens: 4000, modelMaxOutputTokens: 4096 });
    expect(results({ MCPSIM_MODEL_CONTEXT: '32768', MCPSIM_PROMPT_BUDGET: '20000' })).toMatchObject({ budgetTokens: 20_000 });
  });

  it('refuses a budget that does not fit the stated context, and a context too small for any prompt', () => {
    expect(() => results({ MCPSIM_MODEL_CONTEXT: '4096', MCPSIM_PROMPT_BUDGET: '4000' })).toThrow(
      /^MCPSIM_PROMPT_BUDGET: 4000 does not fit MCPSIM_MODEL_CONTEXT 4096 \(room for a prompt of 2611 tokens/,
    );
    expect(() => results({ MCPSIM_MODEL_CONTEXT: '2048' })).toThrow(/^MCPSIM_MODEL_CONTEXT: 2048 tokens leave room for a prompt of only/);
  });
});
