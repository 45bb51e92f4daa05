import { z } from 'zod';
import { faultSchema } from '../domain/fault.js';
import { additiveWrite, defineAgentTool, destructive, idempotentWrite, readOnly } from './agent-tool.js';
import { confirmInput, connectionIdInput, namespaceInput, toControlPath } from './shared-schemas.js';

const connectionInput = { namespace: namespaceInput, connectionId: connectionIdInput };
const snapshotOutput = z.looseObject({ id: z.string(), label: z.string().nullable(), createdAt: z.string(), calls: z.number() });

export const takeSnapshot = defineAgentTool({
  name: 'take_snapshot',
  title: "Snapshot a mock's memory",
  description:
    "Use this to save a mock's call log and world at a point (e.g. after seeding) so a later restore_snapshot can rewind to it between test runs.",
  input: z.strictObject({ ...connectionInput, label: z.string().max(200).optional() }),
  output: snapshotOutput,
  annotations: additiveWrite,
  async run({ namespace, connectionId, label }, { api }) {
    return api.request('POST', `${toControlPath(namespace, connectionId)}/snapshots`, { body: label === undefined ? {} : { label } });
  },
});

export const listSnapshots = defineAgentTool({
  name: 'list_snapshots',
  title: "List a mock's snapshots",
  description: 'Use this to find the id of a snapshot to restore.',
  input: z.strictObject(connectionInput),
  output: z.strictObject({ snapshots: z.array(snapshotOutput) }),
  annotations: readOnly,
  async run({ namespace, connectionId }, { api }) {
    const listed = await api.request<unknown>('GET', `${toControlPath(namespace, connectionId)}/snapshots`);
    return {
      snapshots: (Array.isArray(listed) ? listed : (listed as { snapshots: unknown[] }).snapshots) as z.infer<typeof snapshotOutput>[],
    };
  },
});

export const restoreSnapshot = defineAgentTool({
  name: 'restore_snapshot',
  title: 'Restore a snapshot',
  description: "Destructive: rewinds a mock's call log and world to a snapshot, dropping what came after. Needs `confirm: true`.",
  input: z.strictObject({ ...connectionInput, snapshotId: z.string().min(1), confirm: confirmInput }),
  output: z.looseObject({ scope: z.string(), calls: z.number() }),
  annotations: destructive,
  async run({ namespace, connectionId, snapshotId }, { api }) {
    return api.request('POST', `${toControlPath(namespace, connectionId)}/snapshots/${encodeURIComponent(snapshotId)}/restore`);
  },
});

export const forkConnection = defineAgentTool({
  name: 'fork_connection',
  title: 'Fork a mock',
  description:
    'Use this to try something on a copy: a new mock connection whose call log and world start as a copy of this one, leaving it untouched.',
  input: z.strictObject({
    ...connectionInput,
    newConnectionId: connectionIdInput.optional().describe('the id of the copy (default generated)'),
    newNamespace: z.string().optional().describe('the namespace of the copy (default the same)'),
  }),
  output: z.looseObject({ connectionId: z.string() }),
  annotations: additiveWrite,
  async run({ namespace, connectionId, newConnectionId, newNamespace }, { api }) {
    return api.request('POST', `${toControlPath(namespace, connectionId)}/fork`, {
      body: { ...(newNamespace ? { namespace: newNamespace } : {}), ...(newConnectionId ? { connectionId: newConnectionId } : {}) },
    });
  },
});

export const getClock = defineAgentTool({
  name: 'get_clock',
  title: 'Read the clock',
  description: "Use this to see the server's time (which mocks stamp and compute dates from) and whether it is virtual.",
  input: z.strictObject({}),
  output: z.looseObject({ now: z.string(), virtual: z.boolean() }),
  annotations: readOnly,
  async run(_input, { api }) {
    return api.request('GET', '/__mcpsim/clock');
  },
});

export const setClock = defineAgentTool({
  name: 'set_clock',
  title: 'Move or switch the clock',
  description:
    'Use this to test time-dependent behaviour (due dates, expiry): give one of `advance` ("1h", "2d"), `set` (an ISO date-time) on a ' +
    "virtual clock, or `mode` to switch between the system clock and a virtual one. The clock is the whole server's.",
  input: z.strictObject({
    advance: z.string().optional().describe('e.g. "30m", "1h", "2d", or milliseconds as text'),
    set: z.iso.datetime({ offset: true }).optional(),
    mode: z.enum(['system', 'virtual']).optional(),
  }),
  output: z.looseObject({ now: z.string(), virtual: z.boolean() }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
  async run({ advance, set, mode }, { api }) {
    const body = advance !== undefined ? { advance } : set !== undefined ? { set } : { mode };
    return api.request('POST', '/__mcpsim/clock', { body });
  },
});

export const setFaults = defineAgentTool({
  name: 'set_faults',
  title: "Set a mock's faults",
  description:
    'Use this to test how the client under test copes with failure: latency on a tool, an error on the n-th call, a status change after ' +
    'n calls. Replaces every fault rule of the connection; [] removes them (kept until the server restarts).',
  input: z.strictObject({ ...connectionInput, faults: z.array(faultSchema).max(100) }),
  output: z.looseObject({ faults: z.array(z.unknown()) }),
  annotations: idempotentWrite,
  async run({ namespace, connectionId, faults }, { api }) {
    return api.request('PUT', `${toControlPath(namespace, connectionId)}/faults`, { body: { faults } });
  },
});
