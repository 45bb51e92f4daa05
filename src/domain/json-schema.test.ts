import { describe, expect, it } from 'vitest';
import { createSchemaCompiler, describeSchemaError } from './json-schema.js';

const check = (schema: Record<string, unknown>, value: unknown) => {
  const compiled = createSchemaCompiler().compile(schema);
  if (!compiled.ok) throw new Error(compiled.problem);
  return compiled.validate(value) ? null : describeSchemaError(compiled.validate.errors?.[0]);
};

describe('the JSON Schema compiler', () => {
  it('honours draft 2020-12 keywords, also when no dialect is named (the MCP default)', () => {
    const pair = { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }], items: false };
    expect(check({ $schema: 'https://json-schema.org/draft/2020-12/schema', ...pair }, ['a', 1])).toBeNull();
    expect(check(pair, ['a', 'b'])).toBe('1 must be integer');
    expect(check(pair, ['a', 1, 2])).toMatch(/arguments must NOT have more than 2 items/);
    expect(check({ $defs: { id: { type: 'integer' } }, properties: { id: { $ref: '#/$defs/id' } } }, { id: '7' })).toBe(
      'id must be integer',
    );
  });

  it('compiles draft-07 schemas, by their $schema or by what only draft-07 accepts (array-form items)', () => {
    const tuple = { type: 'array', items: [{ type: 'string' }, { type: 'integer' }], additionalItems: false };
    expect(check({ $schema: 'http://json-schema.org/draft-07/schema#', ...tuple }, ['a', 'b'])).toBe('1 must be integer');
    expect(check(tuple, ['a', 1])).toBeNull();
    expect(check({ definitions: { n: { type: 'number' } }, properties: { n: { $ref: '#/definitions/n' } } }, { n: 'x' })).toBe(
      'n must be number',
    );
  });

  it('checks formats and names the field and the rule of the first problem', () => {
    const schema = {
      type: 'object',
      required: ['email', 'state'],
      properties: { email: { type: 'string', format: 'email' }, state: { enum: ['open', 'closed'] } },
      additionalProperties: false,
    };
    expect(check(schema, { state: 'open' })).toBe('email is required');
    expect(check(schema, { email: 'nope', state: 'open' })).toBe('email must match format "email"');
    expect(check(schema, { email: 'a@b.co', state: 'shut' })).toBe('state must be equal to one of the allowed values (open, closed)');
    expect(check(schema, { email: 'a@b.co', state: 'open', extra: 1 })).toBe('extra is not a known property');
  });

  it('checks calls against a schema that breaks a meta-schema rule its server never checks (an enum value listed twice)', () => {
    const schema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { provider: { type: 'string', enum: ['vapi', '11labs', 'azure', 'vapi'] } },
    };
    expect(check(schema, { provider: 'azure' })).toBeNull();
    expect(check(schema, { provider: 'nope' })).toBe('provider must be equal to one of the allowed values (vapi, 11labs, azure, vapi)');
  });

  it('compiles each schema object once and says why one cannot be compiled', () => {
    const compiler = createSchemaCompiler();
    const schema = { type: 'string' };
    expect(compiler.compile(schema)).toBe(compiler.compile(schema));
    expect(compiler.compile({ type: 'no-such-type' })).toMatchObject({ ok: false, problem: expect.stringContaining('type') });
  });
});
