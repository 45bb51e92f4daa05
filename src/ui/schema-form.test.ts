import { describe, expect, it } from 'vitest';
import { SchemaFields, toArguments } from './schema-form.js';

const schema = {
  type: 'object',
  required: ['title', 'count'],
  properties: {
    title: { type: 'string', description: 'What it is called' },
    count: { type: 'integer' },
    ratio: { type: 'number' },
    draft: { type: 'boolean' },
    state: { type: 'string', enum: ['open', 'closed'] },
    tags: { type: 'array', items: { type: 'string' } },
    sizes: { type: 'array', items: { type: 'number' } },
    owner: { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer' } } },
    extra: { oneOf: [{ type: 'string' }, { type: 'object' }] },
  },
};

describe('the playground form', () => {
  it('renders a control per kind of field, with required marks and descriptions as help', () => {
    const html = String(SchemaFields({ schema, idPrefix: 'f-t' }));
    expect(html).toContain('<input type="text" id="f-t-arg-title" name="arg.title" aria-describedby="f-t-arg-title-help" required=""');
    expect(html).toContain('<span class="help" id="f-t-arg-title-help">What it is called</span>');
    expect(html).toMatch(/<input type="number" step="1" id="f-t-arg-count"/);
    expect(html).toMatch(/<input type="number" step="any" id="f-t-arg-ratio"/);
    expect(html).toMatch(/<input type="checkbox" value="true" id="f-t-arg-draft"/);
    expect(html).toContain('<option value="&quot;open&quot;">open</option>');
    expect(html).toMatch(/<textarea rows="3" id="f-t-arg-tags" name="arg.tags"[^>]*placeholder="one item per line"/);
    expect(html).toMatch(/<fieldset><legend>owner/);
    expect(html).toContain('name="arg.owner.name"');
    expect(html).toMatch(/<textarea rows="3" id="f-t-arg-extra" name="arg.extra"[^>]*placeholder="JSON"/);
    expect(html.match(/class="required"/g)).toHaveLength(2);
  });

  it('reads the fields back as typed arguments, leaving empty optional fields out', () => {
    const form = new Map([
      ['arg.title', 'Hello'],
      ['arg.count', '3'],
      ['arg.ratio', ''],
      ['arg.draft', 'true'],
      ['arg.state', '"closed"'],
      ['arg.tags', 'a\n b \n\n'],
      ['arg.sizes', '1\n2.5'],
      ['arg.owner.name', 'Ann'],
      ['arg.owner.age', ''],
      ['arg.extra', '{"x":1}'],
    ]);
    expect(toArguments(schema, form, '')).toEqual({
      title: 'Hello',
      count: 3,
      draft: true,
      state: 'closed',
      tags: ['a', 'b'],
      sizes: [1, 2.5],
      owner: { name: 'Ann' },
      extra: { x: 1 },
    });
  });

  it('names the field and the value it cannot read', () => {
    expect(() => toArguments(schema, new Map([['arg.count', '2.5']]), '')).toThrow('count: "2.5" is not an integer');
    expect(() => toArguments(schema, new Map([['arg.extra', '{']]), '')).toThrow(/^extra: not valid JSON/);
  });

  it('takes the raw JSON editor over the fields when it is filled', () => {
    expect(toArguments(schema, new Map([['arg.title', 'ignored']]), '{"title":"raw"}')).toEqual({ title: 'raw' });
    expect(() => toArguments(schema, new Map(), '[1]')).toThrow('raw JSON: must be a JSON object');
  });
});
