import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { toUnwrappedArguments, toUnwrappedTools } from './envelope-arguments.js';

const text = { type: 'string' };
const listRuns: ToolDefinition = {
  name: 'list_runs',
  inputSchema: {
    type: 'object',
    properties: { params: { $ref: '#/$defs/ListRunsInput' } },
    required: ['params'],
    $defs: { ListRunsInput: { type: 'object', properties: { state: text, limit: { type: 'integer' } }, required: ['state'] } },
  },
};
const createRun: ToolDefinition = {
  name: 'create_run',
  inputSchema: { type: 'object', properties: { createModel: { type: 'object', properties: { run: { type: 'object' } } } } },
};
const createJob: ToolDefinition = {
  name: 'create_job',
  inputSchema: { type: 'object', properties: { job: { type: 'object', properties: { name: text } } } },
};
const getRun: ToolDefinition = { name: 'get_run', inputSchema: { type: 'object', properties: { run_id: text } } };

describe('toUnwrappedTools', () => {
  it('reads the properties of a one-argument envelope as the tool’s own, through a $ref to $defs', () => {
    const { tools, envelopes } = toUnwrappedTools([listRuns, createRun, getRun]);
    expect(tools[0]!.inputSchema.properties).toEqual({ state: text, limit: { type: 'integer' } });
    expect(tools[0]!.inputSchema.required).toEqual(['state']);
    expect(tools[1]!.inputSchema.properties).toEqual({ run: { type: 'object' } });
    expect(tools[2]).toBe(getRun);
    expect([...envelopes]).toEqual([
      ['list_runs', 'params'],
      ['create_run', 'createModel'],
    ]);
  });

  it('leaves an argument named after a thing, and a server without envelopes, as they are', () => {
    const server = [createJob, getRun];
    expect(toUnwrappedTools(server).tools).toBe(server);
    expect(toUnwrappedTools(server).envelopes.size).toBe(0);
  });
});

describe('toUnwrappedArguments', () => {
  it('opens the envelope of a call, as an object or as JSON text, and keeps what is beside it', () => {
    expect(toUnwrappedArguments('params', { params: { state: 'done' }, trace: true })).toEqual({ state: 'done', trace: true });
    expect(toUnwrappedArguments('params', { params: '{"state":"done"}' })).toEqual({ state: 'done' });
    expect(toUnwrappedArguments('params', { params: 'not json' })).toEqual({ params: 'not json' });
    expect(toUnwrappedArguments(undefined, { params: { state: 'done' } })).toEqual({ params: { state: 'done' } });
  });
});
