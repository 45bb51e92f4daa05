import { z } from 'zod';
import { defineAgentTool, readOnly, type AgentContext } from './agent-tool.js';
import { matchesCall, type CallFilter, type LoggedCall } from './call-filter.js';
import { connectionIdInput, jsonRecord, namespaceInput, toControlPath } from './shared-schemas.js';

/** The API's largest page, and how many pages a read goes through at most: the tools read at most 10,000 calls. */
const pageSize = 1000;
const maxPages = 10;
/** How many calls a tool answer shows at most (the count is still of every match). */
const maxShown = 50;

const filterInput = {
  namespace: namespaceInput,
  connectionId: connectionIdInput,
  tool: z.string().optional().describe('only calls of this tool'),
  from: z.iso.datetime({ offset: true }).optional().describe('only calls at or after this time (ISO 8601)'),
  to: z.iso.datetime({ offset: true }).optional().describe('only calls before this time (ISO 8601)'),
  outcome: z.enum(['ok', 'error', 'any']).default('any').describe('ok: results without isError; error: with it'),
  text: z.string().min(1).optional().describe("words the call's arguments or result contain (case-insensitive)"),
  arguments: jsonRecord.optional().describe('arguments the call must have: every given key deeply equal, other keys free'),
};

const callOutput = z.looseObject({
  sequence: z.number(),
  tool: z.string(),
  arguments: jsonRecord,
  isError: z.boolean(),
  source: z.string(),
  at: z.string(),
  result: z.unknown(),
});

function toShownCall(call: LoggedCall) {
  return {
    sequence: call.sequence,
    tool: call.tool,
    arguments: call.arguments,
    isError: call.result.isError === true,
    source: call.source,
    at: call.at,
    result: call.result.structuredContent ?? call.result.content,
  };
}

/** Every logged call that passes `filter`, oldest first, paging through the API (bounded). */
export async function findCalls({ api }: AgentContext, namespace: string, connectionId: string, filter: CallFilter) {
  const matched: LoggedCall[] = [];
  let since: number | undefined;
  let complete = false;
  for (let page = 0; page < maxPages; page++) {
    const memory = await api.request<{ calls: LoggedCall[]; nextSequence: number }>(
      'GET',
      `${toControlPath(namespace, connectionId)}/memory`,
      {
        query: { limit: pageSize, since },
      },
    );
    matched.push(...memory.calls.filter((call) => matchesCall(call, filter)));
    const last = memory.calls.at(-1);
    if (last === undefined || last.sequence >= memory.nextSequence - 1) {
      complete = true;
      break;
    }
    since = last.sequence;
  }
  return { matched, complete };
}

export const readCalls = defineAgentTool({
  name: 'read_calls',
  title: "Read a mock's call log",
  description:
    'Use this to see what the client or agent under test called on a mock: tool, arguments, result, outcome and time, oldest first, ' +
    `filtered by tool, time, outcome, text or arguments. Shows the last ${maxShown} matches and counts them all.`,
  input: z.strictObject(filterInput),
  output: z.strictObject({ count: z.number(), calls: z.array(callOutput), complete: z.boolean() }),
  annotations: readOnly,
  async run({ namespace, connectionId, ...filter }, context) {
    const { matched, complete } = await findCalls(context, namespace, connectionId, filter);
    return { count: matched.length, calls: matched.slice(-maxShown).map(toShownCall), complete };
  },
});

export const verifyCalls = defineAgentTool({
  name: 'verify_calls',
  title: 'Verify calls to a mock',
  description:
    'Use this to assert what the client under test did, as a test would: "was create_issue called 2 times with arguments containing ' +
    '{"repo":"acme/app"}". Give `times`, or `atLeast`/`atMost` (default: at least once). Answers pass or fail with the calls that matched.',
  input: z.strictObject({
    ...filterInput,
    tool: z.string().describe('the tool that should have been called'),
    times: z.int().min(0).optional().describe('exactly this many matching calls'),
    atLeast: z.int().min(0).optional(),
    atMost: z.int().min(0).optional(),
  }),
  output: z.strictObject({ pass: z.boolean(), count: z.number(), expected: z.string(), message: z.string(), calls: z.array(callOutput) }),
  annotations: readOnly,
  async run({ namespace, connectionId, times, atLeast, atMost, ...filter }, context) {
    const { matched, complete } = await findCalls(context, namespace, connectionId, filter);
    const low = times ?? atLeast ?? (atMost === undefined ? 1 : 0);
    const high = times ?? atMost ?? Number.POSITIVE_INFINITY;
    const expected = low === high ? `exactly ${low}` : high === Number.POSITIVE_INFINITY ? `at least ${low}` : `${low} to ${high}`;
    const count = matched.length;
    const pass = count >= low && count <= high;
    const what = `${filter.tool}${filter.arguments ? ` with arguments containing ${JSON.stringify(filter.arguments)}` : ''}`;
    const message = `${pass ? 'pass' : 'fail'}: ${what} was called ${count} time${count === 1 ? '' : 's'}, expected ${expected}${
      complete ? '' : ` (only the first ${pageSize * maxPages} calls of the log were read)`
    }`;
    return { pass, count, expected, message, calls: matched.slice(-maxShown).map(toShownCall) };
  },
});
