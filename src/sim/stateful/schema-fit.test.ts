import { describe, expect, it } from 'vitest';
import { fitToSchema } from './schema-fit.js';

const graph = {
  type: 'object',
  properties: {
    entities: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } },
    relations: {
      type: 'array',
      items: { type: 'object', properties: { from: { type: 'string' }, to: { type: 'string' } }, required: ['from', 'to'] },
    },
    tags: { type: 'array', minItems: 1, items: { type: 'string' } },
    owner: { type: 'string' },
  },
  required: ['entities', 'relations', 'tags', 'owner'],
};

describe('fitToSchema', () => {
  it('keeps what fits, makes a required list the answer lacks empty (up to minItems), and makes up a required scalar', () => {
    const fitted = fitToSchema({ entities: [{ name: 'Babbage' }] }, graph, 'seed') as Record<string, unknown>;
    expect(fitted.entities).toEqual([{ name: 'Babbage' }]);
    expect(fitted.relations).toEqual([]);
    expect(fitted.tags).toHaveLength(1);
    expect(typeof fitted.owner).toBe('string');
  });

  it('gives the same bytes for the same seed', () => {
    expect(JSON.stringify(fitToSchema({}, graph, 'a'))).toBe(JSON.stringify(fitToSchema({}, graph, 'a')));
  });
});

describe('fitToSchema and the properties a schema does not list', () => {
  /** PagerDuty's `Oncall` as Pydantic writes it (FastMCP's output schema): the model's title, each field titled from its name. */
  const oncall = {
    title: 'Oncall',
    type: 'object',
    properties: { user: { title: 'User', type: 'string' }, escalation_level: { title: 'Escalation Level', type: 'integer' } },
    required: ['user'],
  };
  const wanted = { user: 'PT0EF9U', id: 'PNPGCKY', name: 'Intuitive oncall' };

  it('drops what a Pydantic model does not name (it ignores extra fields unless it says `additionalProperties: true`)', () => {
    expect(fitToSchema(wanted, oncall, 'seed')).toEqual({ user: 'PT0EF9U' });
  });

  it('keeps them where the model takes them (`additionalProperties: true` or a schema) or lists no properties', () => {
    expect(fitToSchema(wanted, { ...oncall, additionalProperties: true }, 'seed')).toEqual(wanted);
    expect(fitToSchema(wanted, { ...oncall, additionalProperties: { type: 'string' } }, 'seed')).toEqual(wanted);
    expect(fitToSchema(wanted, { title: 'Oncall', type: 'object' }, 'seed')).toEqual(wanted);
  });

  it('keeps them for a schema written by hand, which often lists only some of what its server sends', () => {
    const byHand = { type: 'object', properties: { user: { type: 'string' } }, required: ['user'] };
    expect(fitToSchema(wanted, byHand, 'seed')).toEqual(wanted);
    expect(fitToSchema(wanted, { ...byHand, additionalProperties: false }, 'seed')).toEqual({ user: 'PT0EF9U' });
  });
});
