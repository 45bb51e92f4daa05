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
