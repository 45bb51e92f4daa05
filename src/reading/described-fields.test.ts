import { describe, expect, it } from 'vitest';
import { toDescribedFields, toDescribedId } from './described-fields.js';
import { readServer } from './read-server.js';

describe('the id a description gives a named entity', () => {
  it('reads `id` and the type’s own id field, and nothing else', () => {
    expect(toDescribedId('id 41, priority 2')).toBe('41');
    expect(toDescribedId('sid CH00000000000000000000000000000001', 'sid')).toBe('CH00000000000000000000000000000001');
    expect(toDescribedId('room_id: 123', 'room_id')).toBe('123');
    expect(toDescribedId('sid CH00000000000000000000000000000001')).toBeUndefined();
    expect(toDescribedId('identity ada', 'sid')).toBeUndefined();
  });
});

describe('the fields a parenthesis gives a named entity', () => {
  const text = { type: 'string' };
  const machine = (more: Record<string, unknown>) => ({
    name: 'create_machine',
    description: 'Create a machine.',
    inputSchema: { type: 'object' as const, properties: { name: text, ...more } },
  });

  it('puts a quantity in the one number field described in its unit', () => {
    const size = { type: 'integer', description: 'Disk to allocate in GB' };
    const tools = [machine({ size, cores: { type: 'integer', description: 'CPU cores' } })];
    expect(toDescribedFields(readServer(tools), 'machine', '200 GB')).toEqual({ size: 200 });
    expect(toDescribedFields(readServer([machine({ size, swap: size })]), 'machine', '200 GB')).toEqual({});
  });

  it('puts so many of a kind in the one object field that takes a count and an id', () => {
    const gpu = { type: 'object', properties: { id: text, count: { type: 'integer' } } };
    expect(toDescribedFields(readServer([machine({ gpu })]), 'machine', '2x NVIDIA H100')).toEqual({
      gpu: { id: 'NVIDIA H100', count: 2 },
    });
    expect(toDescribedFields(readServer([machine({ gpu: text })]), 'machine', '2x NVIDIA H100')).toEqual({});
  });

  it('reads a field whose name ends in name (a username) as any other, but not the name or the title itself', () => {
    const tools = [machine({ username: text, title: text })];
    expect(toDescribedFields(readServer(tools), 'machine', 'username maya_support, name other, title Boss')).toEqual({
      username: 'maya_support',
    });
  });

  it('gives a list field every item its value lists, and still parts other fields at `and`', () => {
    const tools = [machine({ tags: { type: 'array', items: text }, region: text, zone: text })];
    expect(toDescribedFields(readServer(tools), 'machine', 'tags shipping and damaged, region eu')).toEqual({
      tags: ['shipping', 'damaged'],
      region: 'eu',
    });
    expect(toDescribedFields(readServer(tools), 'machine', 'region eu and zone b')).toEqual({ region: 'eu', zone: 'b' });
  });

  it('gives a list field named in the plural its one item when the description names it in the singular', () => {
    const tools = [machine({ tags: { type: 'array', items: text }, status: text })];
    expect(toDescribedFields(readServer(tools), 'machine', 'tag finance')).toEqual({ tags: ['finance'] });
    // A text field's name is not made singular: `statu x` names nothing.
    expect(toDescribedFields(readServer(tools), 'machine', 'statu x')).toEqual({});
    const both = [machine({ statuses: { type: 'array', items: text }, status: text })];
    expect(toDescribedFields(readServer(both), 'machine', 'status open')).toEqual({ status: 'open' });
  });
});
