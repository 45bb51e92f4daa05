/**
 * A deterministic helpdesk session for the prompt's golden test (test/prompt-session-golden.test.ts):
 * creates, gets, filtered lists, updates, deletes, facts, failures the prompt ignores and calls of a
 * second connection sharing the world, logged into one array the way the memory cache does
 * (appends, retention dropping the oldest calls in place, a reset to a new array).
 */
import { createHash } from 'node:crypto';
import type { CallLogEntry, WorldChanges, WorldState } from '../../src/domain/memory-log.js';
import { createSeededRandom } from '../../src/domain/random.js';
import type { ToolDefinition } from '../../src/domain/registry.js';
import { toCanonicalJson } from '../../src/sim/source/canonical-json.js';
import type { ToolCall, ToolCallContext } from '../../src/sim/source/tool-result-source.js';

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object' as const, properties, required });
const tools: ToolDefinition[] = [
  {
    name: 'create_ticket',
    description: 'Open a ticket.',
    inputSchema: object({ title: { type: 'string' }, priority: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } }, [
      'title',
    ]),
  },
  {
    name: 'get_ticket',
    description: 'Get a ticket by id.',
    inputSchema: object({ ticket_id: { type: 'string' } }, ['ticket_id']),
    annotations: { readOnlyHint: true },
  },
  {
    name: 'list_tickets',
    description: 'List tickets.',
    inputSchema: object({ status: { type: 'string' }, priority: { type: 'string' }, from: { type: 'string' }, query: { type: 'string' } }),
    annotations: { readOnlyHint: true },
  },
  {
    name: 'update_ticket',
    description: 'Change a ticket.',
    inputSchema: object({ ticket_id: { type: 'string' }, status: { type: 'string' }, assignee: { type: 'string' } }, ['ticket_id']),
  },
  { name: 'delete_ticket', description: 'Delete a ticket.', inputSchema: object({ ticket_id: { type: 'string' } }, ['ticket_id']) },
];

/** Numbers in [0, 1) from the seeded byte source: the session is the same on every run. */
function createRandom(seed: string) {
  const bytes = createSeededRandom(seed);
  const next = () => new DataView(bytes(4).buffer).getUint32(0) / 4294967296;
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]! };
}

const words = [
  'VPN',
  'drops',
  'printer',
  'jams',
  'laptop',
  'battery',
  'login',
  'fails',
  'email',
  'sync',
  'slow',
  'badge',
  'reader',
  'broken',
  'Wi-Fi',
  'floor 3',
];
const people = ['ana', 'ben', 'chloe', 'dev'];
const statuses = ['open', 'pending', 'closed'];
const priorities = ['low', 'normal', 'high'];

interface Step {
  tool: string;
  args: Record<string, unknown>;
  text: string;
  changes?: WorldChanges;
  source?: CallLogEntry['source'];
  isError?: boolean;
  connectionId: string;
}

/** The session's calls with the answers a consistent server gives, from a seeded generator. */
function* session(count: number): Generator<Step> {
  const random = createRandom('prompt-session-golden');
  const tickets = new Map<string, Record<string, unknown>>();
  let made = 0;
  for (let n = 1; n <= count; n++) {
    const connectionId = random.next() < 0.15 ? 'desk-b' : 'desk-a';
    const ids = [...tickets.keys()];
    const roll = n <= 6 ? 0 : random.next();
    if (roll < 0.3) {
      made += 1;
      const id = `TCK-${made}`;
      const fields = {
        title: `${random.pick(words)} ${random.pick(words)} on ${random.pick(words)}`,
        status: 'open',
        priority: random.pick(priorities),
        created: `2026-03-${String(1 + (made % 28)).padStart(2, '0')}T09:00:00Z`,
        tags: [random.pick(words)],
      };
      tickets.set(id, fields);
      const facts = random.next() < 0.2 ? [`Ticket ${id} was opened by ${random.pick(people)}.`] : [];
      yield {
        tool: 'create_ticket',
        args: { title: fields.title, priority: fields.priority, tags: fields.tags },
        text: JSON.stringify({ id, ...fields }),
        changes: { upserts: [{ type: 'ticket', id, fields }], facts },
        connectionId,
      };
    } else if (roll < 0.5) {
      const id = random.next() < 0.1 ? 'TCK-999' : random.pick(ids);
      const fields = tickets.get(id);
      yield fields
        ? { tool: 'get_ticket', args: { ticket_id: id }, text: JSON.stringify({ id, ...fields }), connectionId }
        : {
            tool: 'get_ticket',
            args: { ticket_id: id },
            text: `Ticket ${id} not found`,
            isError: true,
            changes: { facts: [`There is no ticket ${id}.`] },
            connectionId,
          };
    } else if (roll < 0.7) {
      const args: Record<string, unknown> =
        random.next() < 0.5
          ? { status: random.pick(statuses) }
          : random.next() < 0.5
            ? { priority: random.pick(priorities), from: '2026-03-10' }
            : { query: random.pick(words) };
      const listed = [...tickets]
        .filter(([, fields]) => args.status === undefined || fields.status === args.status)
        .slice(-15)
        .map(([id, fields]) => ({ id, ...fields }));
      yield { tool: 'list_tickets', args, text: JSON.stringify({ tickets: listed }), connectionId };
    } else if (roll < 0.88) {
      const id = random.pick(ids);
      const change = random.next() < 0.5 ? { status: random.pick(statuses) } : { assignee: random.pick(people) };
      Object.assign(tickets.get(id)!, change);
      yield {
        tool: 'update_ticket',
        args: { ticket_id: id, ...change },
        text: JSON.stringify({ id, ...tickets.get(id) }),
        changes: { upserts: [{ type: 'ticket', id, fields: change }] },
        connectionId,
      };
    } else if (roll < 0.93 && ids.length > 8) {
      const id = random.pick(ids);
      tickets.delete(id);
      yield {
        tool: 'delete_ticket',
        args: { ticket_id: id },
        text: `Deleted ${id}`,
        changes: { deletes: [{ type: 'ticket', id }] },
        connectionId,
      };
    } else {
      // A failure of the simulator itself: logged, never shown to the model.
      yield {
        tool: 'get_ticket',
        args: { ticket_id: random.pick(ids) },
        text: 'mcpsim simulator failed',
        isError: true,
        source: 'simulator-error',
        connectionId,
      };
    }
  }
}

function toCall(
  step: Step,
  sequence: number,
  world: WorldState,
  history: readonly CallLogEntry[],
): ToolCall & { context: ToolCallContext } {
  const tool = tools.find((candidate) => candidate.name === step.tool)!;
  const context: ToolCallContext = {
    serverName: 'Helpdesk',
    serverDescription: 'The IT helpdesk of a 200-person office.',
    toolDefinition: tool,
    scenario: 'Tickets look like TCK-12. The office has three floors.',
    world,
    history,
    serverTools: tools,
    now: `2026-03-15T10:${String(sequence % 60).padStart(2, '0')}:00.000Z`,
    otherScenarios: () => [
      { connectionId: step.connectionId === 'desk-a' ? 'desk-b' : 'desk-a', scenario: 'The second desk handles hardware.' },
    ],
  };
  return {
    namespace: 'ns',
    connectionId: step.connectionId,
    server: '@acme/helpdesk',
    tool: step.tool,
    arguments: step.args,
    argumentsKey: toCanonicalJson(step.args),
    occurrence: 1,
    sequence,
    context,
  };
}

/** What the session runs: the prompt code under test (the current one, or an older one to write the golden file from). */
export interface PromptCode {
  buildPrompt: (call: ToolCall & { context: ToolCallContext }, options: { budgetTokens: number }) => { system: string; prompt: string };
  applyWorldChanges: (world: WorldState, changes: WorldChanges) => WorldState;
}

/**
 * Runs the session and returns each prompt's sha256 (system and prompt, first 16 hex digits), in
 * order, as the golden file holds them (one per line).
 *
 * @example
 *   promptHashes(400, { buildPrompt, applyWorldChanges }); // '["f8f9a4a5b2addfc2",\n"dd38…",\n…]\n'
 */
export function promptHashes(count: number, { buildPrompt, applyWorldChanges }: PromptCode): string {
  let world: WorldState = { entities: {}, facts: [] };
  let history: CallLogEntry[] = [];
  const hashes: string[] = [];
  let sequence = 0;
  for (const step of session(count)) {
    sequence += 1;
    const { system, prompt } = buildPrompt(toCall(step, sequence, world, history), { budgetTokens: 4000 });
    hashes.push(createHash('sha256').update(`${system}\n${prompt}`).digest('hex').slice(0, 16));
    const result = { content: [{ type: 'text', text: step.text }], ...(step.isError ? { isError: true } : {}) };
    history.push({
      sequence,
      tool: step.tool,
      arguments: step.args,
      argumentsKey: toCanonicalJson(step.args),
      occurrence: 1,
      result,
      source: step.source ?? 'model',
      model: null,
      usage: null,
      latencyMs: 1,
      at: `2026-03-15T10:${String(sequence % 60).padStart(2, '0')}:00.000Z`,
      connectionId: step.connectionId,
      ...(step.changes ? { changes: step.changes } : {}),
    });
    if (step.changes && !step.isError) world = applyWorldChanges(world, step.changes);
    // Retention drops the oldest calls in place, as the memory cache does; at 300 a reset starts a new log.
    if (history.length > 160) history.splice(0, 40);
    if (sequence === 300) history = [];
  }
  return JSON.stringify(hashes).replace(/","/g, '",\n"') + '\n';
}
