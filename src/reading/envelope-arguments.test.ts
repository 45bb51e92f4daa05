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
      ['list_runs', ['params']],
      ['create_run', ['createModel']],
    ]);
  });

  it('opens the body of an OpenAPI operation beside its flat path arguments, resolving each opened argument through $defs', () => {
    const podAction: ToolDefinition = {
      name: 'pod-action',
      inputSchema: {
        type: 'object',
        properties: { id: text, body: { $ref: '#/$defs/PodActionRequest' } },
        required: ['id', 'body'],
        $defs: {
          PodAction: { type: 'string', enum: ['start', 'stop'] },
          PodActionRequest: { type: 'object', required: ['action'], properties: { action: { $ref: '#/$defs/PodAction' } } },
        },
      },
    };
    const { tools, envelopes } = toUnwrappedTools([podAction]);
    expect(tools[0]!.inputSchema.properties).toEqual({ id: text, action: { type: 'string', enum: ['start', 'stop'] } });
    expect(tools[0]!.inputSchema.required).toEqual(['id', 'action']);
    expect(envelopes.get('pod-action')).toEqual(['body']);
    expect(toUnwrappedArguments(['body'], { id: 'p1', body: { action: 'stop' } })).toEqual({ id: 'p1', action: 'stop' });
  });

  it('keeps a tool whose argument beside its body is an object, not a path argument, as it is', () => {
    const tool: ToolDefinition = {
      name: 'send',
      inputSchema: { type: 'object', properties: { options: { type: 'object' }, body: { type: 'object', properties: { text } } } },
    };
    expect(toUnwrappedTools([tool]).tools[0]).toBe(tool);
  });

  it('leaves an argument named after a thing, and a server without envelopes, as they are', () => {
    const server = [createJob, getRun];
    expect(toUnwrappedTools(server).tools).toBe(server);
    expect(toUnwrappedTools(server).envelopes.size).toBe(0);
  });
});

describe('the parts of an HTTP request side by side', () => {
  const cancel: ToolDefinition = {
    name: 'cancelBooking',
    inputSchema: {
      type: 'object',
      properties: {
        params: {
          type: 'object',
          properties: { 'cal-api-version': text, Authorization: text, bookingUid: text },
          required: ['cal-api-version', 'bookingUid'],
        },
        body: { anyOf: [{ $ref: '#/$defs/Cancel' }, { $ref: '#/$defs/CancelSeat' }] },
      },
      $defs: {
        Cancel: { type: 'object', properties: { reason: text } },
        CancelSeat: { type: 'object', properties: { reason: text, seatUid: text }, required: ['seatUid'] },
      },
    },
  };

  it('reads every part as the tool’s arguments, a body of several shapes as all of them, and leaves the headers out', () => {
    const { tools, envelopes } = toUnwrappedTools([cancel, getRun]);
    expect(tools[0]!.inputSchema.properties).toEqual({ bookingUid: text, reason: text, seatUid: text });
    expect(tools[0]!.inputSchema.required).toEqual(['bookingUid']);
    expect(envelopes.get('cancelBooking')).toEqual(['params', 'body']);
    const args = { params: { 'cal-api-version': '2024-08-13', Authorization: 'Bearer x', bookingUid: 'b1' }, body: { reason: 'ill' } };
    expect(toUnwrappedArguments(envelopes.get('cancelBooking'), args)).toEqual({ bookingUid: 'b1', reason: 'ill' });
  });

  it('reads one request part alone as an envelope, and a path that is text as none', () => {
    const getRoom: ToolDefinition = {
      name: 'get_room',
      inputSchema: { type: 'object', properties: { path: { type: 'object', properties: { room_id: text } } } },
    };
    const readFile: ToolDefinition = { name: 'read_file', inputSchema: { type: 'object', properties: { path: text } } };
    expect([...toUnwrappedTools([getRoom, readFile]).envelopes]).toEqual([['get_room', ['path']]]);
  });

  it('takes no part for an envelope where another argument is not a request part', () => {
    const mixed: ToolDefinition = {
      name: 'run',
      inputSchema: { type: 'object', properties: { params: { type: 'object', properties: { a: text } }, run_id: text } },
    };
    expect(toUnwrappedTools([mixed]).envelopes.size).toBe(0);
  });
});

describe('a body named data', () => {
  it('opens data as the body beside the path and query, as axios and generated clients name it, and keeps data alone as it is', () => {
    const patchNote: ToolDefinition = {
      name: 'hire_v1_note_patch',
      inputSchema: {
        type: 'object',
        properties: {
          data: { type: 'object', properties: { content: text }, required: ['content'] },
          path: { type: 'object', properties: { note_id: text }, required: ['note_id'] },
        },
        required: ['data', 'path'],
      },
    };
    const saveRecord: ToolDefinition = {
      name: 'save_record',
      inputSchema: { type: 'object', properties: { data: { type: 'object', properties: { content: text } }, table: text } },
    };
    const read = toUnwrappedTools([patchNote, saveRecord]);
    expect(read.tools[0]!.inputSchema).toMatchObject({ properties: { content: text, note_id: text }, required: ['content', 'note_id'] });
    expect([...read.envelopes]).toEqual([['hire_v1_note_patch', ['data', 'path']]]);
  });
});

describe('toUnwrappedArguments', () => {
  it('opens the envelope of a call, as an object or as JSON text, and keeps what is beside it', () => {
    expect(toUnwrappedArguments(['params'], { params: { state: 'done' }, trace: true })).toEqual({ state: 'done', trace: true });
    expect(toUnwrappedArguments(['params'], { params: '{"state":"done"}' })).toEqual({ state: 'done' });
    expect(toUnwrappedArguments(['params'], { params: 'not json' })).toEqual({ params: 'not json' });
    expect(toUnwrappedArguments(undefined, { params: { state: 'done' } })).toEqual({ params: { state: 'done' } });
  });
});
