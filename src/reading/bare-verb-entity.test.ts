import { describe, expect, it } from 'vitest';
import { readServer } from './read-server.js';
import { text, tool } from './written-tools.test-support.js';

const read = (tools: ReturnType<typeof tool>[]) => readServer(tools, { serverNames: ['tracer-mcp', 'tracer'] });
const entityOf = (tools: ReturnType<typeof tool>[], name: string) => read(tools).shapes.get(name)?.entity;

describe('a name that is a verb alone once the service word is gone', () => {
  const spans = [
    tool('tracer_walk', { span_id: text }, 'Walk the ancestors or descendants of a span. Returns the chain.'),
    tool('tracer_inspect', { span_id: text }, 'Full detail on one span, with its input and output.'),
    tool('tracer_search', { text }, 'Full-text search across everything recorded.'),
  ];

  it('acts on the record its required id argument names, and says why', () => {
    const model = read(spans);
    expect(model.shapes.get('tracer_walk')?.entity).toBe('span');
    expect(model.shapes.get('tracer_walk')?.idArgument).toBe('span_id');
    expect(model.shapes.get('tracer_inspect')?.entity).toBe('span');
    expect(model.readings.get('tracer_walk')?.why.entity).toMatch(/is a verb and names no record/);
  });

  it('gives the noun-less tools with no id argument the one record the others name', () => {
    expect(entityOf(spans, 'tracer_search')).toBe('span');
  });

  it('leaves out of that agreement a noun-less tool whose description acts on another thing, but not on a pronoun', () => {
    const tools = [
      ...spans,
      tool('tracer_list', {}, 'List all stored memories.'),
      tool('tracer_register', { name: text }, 'Register yourself with the tracer.'),
    ];
    expect(entityOf(tools, 'tracer_list')).not.toBe('span');
    expect(entityOf(tools, 'tracer_register')).toBe('span');
  });

  it('leaves noun-less tools alone where the others name two different records', () => {
    const tools = [...spans, tool('tracer_lookup', { agent_id: text }, 'Look up an agent before calling it.')];
    expect(entityOf(tools, 'tracer_lookup')).toBe('agent');
    expect(entityOf(tools, 'tracer_search')).not.toBe('span');
    expect(entityOf(tools, 'tracer_search')).not.toBe('agent');
  });

  it('keeps a word the description writes as a noun', () => {
    const tools = [...spans, tool('tracer_review', { agent_id: text, rating: { type: 'number' } }, 'Submit a review for an agent.')];
    expect(entityOf(tools, 'tracer_review')).toBe('review');
  });

  it('keeps a verb whose arguments name two records by id, or none', () => {
    const tools = [
      tool('tracer_link', { span_id: text, trace_id: text }, 'Link a span to a trace.'),
      tool('tracer_navigate', { url: text }, 'Navigate to a page.'),
    ];
    expect(entityOf(tools, 'tracer_link')).not.toBe('span');
    expect(entityOf(tools, 'tracer_navigate')).not.toBe('url');
  });
});
