import { describe, expect, it } from 'vitest';
import { toFieldErrors } from './connection-form-page.js';

const validation = (message: string) => ({ status: 400, ok: false, body: { error: 'validation_error', message } });

describe('toFieldErrors', () => {
  it('puts each part of a validation message beside the field its path names', () => {
    expect(toFieldErrors(validation('name: must be at least 1 character long; metadata.team: must be a string'))).toEqual({
      name: 'name: must be at least 1 character long',
      metadata: 'metadata.team: must be a string',
    });
  });

  it('keeps a part whose own text holds "; " whole', () => {
    const message = 'mock: requires server (a registry qualified name); a mock connection cannot target a custom mcpUrl';
    expect(toFieldErrors(validation(message))).toEqual({ mock: message });
  });

  it('gives the form what names no field, and every other error', () => {
    expect(toFieldErrors(validation('body: unknown property, not allowed here'))).toEqual({
      form: 'body: unknown property, not allowed here',
    });
    expect(toFieldErrors({ status: 409, ok: false, body: { error: 'conflict', message: 'name: taken; try again' } })).toEqual({
      form: 'name: taken; try again',
    });
  });
});
