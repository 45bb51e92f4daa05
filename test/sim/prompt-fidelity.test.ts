import { describe, expect, it } from 'vitest';
import type { CallLogEntry, WorldState } from '../../src/domain/memory-log.js';
import type { ToolDefinition } from '../../src/domain/registry.js';
import { readIdList, readWorldSection } from '../support/prompt-world-reader.js';
import { toCanonicalJson } from '../../src/sim/source/canonical-json.js';
import { toListFocus } from '../../src/sim/model/prompt-focus.js';
import { buildPrompt } from '../../src/sim/model/prompt.js';
import { toIdRuns } from '../../src/sim/model/id-runs.js';
import type { ToolCall, ToolCallContext } from '../../src/sim/source/tool-result-source.js';

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object' as const, properties, required });
const tools: Record<string, ToolDefinition> = {
  create_event: {
    name: 'create_event',
    description: 'Create an event.',
    inputSchema: object({ title: { type: 'string' }, start: { type: 'string' } }, ['title']),
  },
  get_event: {
    name: 'get_event',
    description: 'Get an event.',
    inputSchema: object({ event_id: { type: 'string' } }, ['event_id']),
    annotations: { readOnlyHint: true },
  },
  list_events: {
    name: 'list_events',
    description: 'List events.',
    inputSchema: object({
      day: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      query: { type: 'string' },
      timezone: { type: 'string' },
      limit: { type: 'integer' },
    }),
    annotations: { readOnlyHint: true },
  },
  cancel_event: {
    name: 'cancel_event',
    description: 'Cancel an event.',
    inputSchema: object({ event_id: { type: 'string' } }, ['event_id']),
  },
};

const event = (n: number, day: string, status = 'confirmed') =>
  [`evt_${n}`, { title: `Design review ${n}`, start: `${day}T10:00:00Z`, status }] as const;

function worldOf(events: (readonly [string, Record<string, unknown>])[], facts: string[] = []): WorldState {
  return { entities: { event: Object.fromEntries(events) }, facts };
}

function entry(
  sequence: number,
  tool: string,
  args: Record<string, unknown>,
  text: string,
  source: CallLogEntry['source'] = 'model',
  isError = false,
): CallLogEntry {
  return {
    sequence,
    tool,
    arguments: args,
    argumentsKey: toCanonicalJson(args),
    occurrence: 1,
    result: { content: [{ type: 'text', text }], isError },
    source,
    model: null,
    usage: null,
    latencyMs: 1,
    at: '2026-03-01T09:00:00.000Z',
  };
}

function call(
  tool: string,
  args: Record<string, unknown>,
  world: WorldState,
  history: CallLogEntry[] = [],
  extra: Partial<ToolCallContext> = {},
): ToolCall & { context: ToolCallContext } {
  return {
    namespace: 'ns',
    connectionId: 'cal',
    server: '@acme/calendar',
    tool,
    arguments: args,
    argumentsKey: toCanonicalJson(args),
    occurrence: 1,
    sequence: history.length + 1,
    context: {
      serverName: 'Calendar',
      serverDescription: 'A team calendar.',
      toolDefinition: tools[tool]!,
      scenario: null,
      world,
      history,
      serverTools: Object.values(tools),
      ...extra,
    },
  };
}

describe('what a list call finds in the world (prompt-focus)', () => {
  const world = worldOf([event(1, '2026-03-02'), event(2, '2026-03-03'), event(3, '2026-03-03', 'cancelled'), event(4, '2026-03-05')]);
  const focus = (args: Record<string, unknown>) => [
    ...(toListFocus({ tool: tools.list_events!, serverTools: Object.values(tools), arguments: args, world })?.ids ?? []),
  ];

  it('matches a day against a date-time field by prefix, which no whole-value match finds', () => {
    expect(focus({ day: '2026-03-03' })).toEqual(['evt_2', 'evt_3']);
  });

  it('reads from/to as the bounds of a range, a day bound covering the whole day', () => {
    expect(focus({ from: '2026-03-03', to: '2026-03-05' })).toEqual(['evt_2', 'evt_3', 'evt_4']);
  });

  it('matches a query by its words, and ignores paging and arguments the world does not model', () => {
    expect(focus({ query: 'review 4', timezone: 'Europe/Berlin', limit: 1 })).toEqual(['evt_4']);
  });

  it('lists every entity of the type when nothing filters, and is null for a call that is not a list', () => {
    expect(focus({})).toEqual(['evt_1', 'evt_2', 'evt_3', 'evt_4']);
    expect(toListFocus({ tool: tools.get_event!, serverTools: Object.values(tools), arguments: { event_id: 'evt_1' }, world })).toBeNull();
  });
});

describe('the simulator prompt holds what each call needs', () => {
  it('gives a list call every matching entity, however many other entities the world holds', () => {
    const events = Array.from({ length: 150 }, (_, index) => event(index + 1, `2026-03-${String(2 + (index % 7)).padStart(2, '0')}`));
    const world = worldOf(events);
    const { prompt } = buildPrompt(call('list_events', { day: '2026-03-04' }, world), { budgetTokens: 4000 });
    const shown = readWorldSection(prompt)!.entities.event!;
    const wanted = events.filter(([, fields]) => String(fields.start).startsWith('2026-03-04')).map(([id]) => id);
    expect(wanted.length).toBeGreaterThan(12); // more than the cap on related entities of other calls
    for (const id of wanted) expect(shown[id], id).toEqual(world.entities.event![id]);
    expect(prompt).toContain('event matching day=2026-03-04 (what this call lists');
  });

  it('names every entity a list needs but could not fit, and every omitted id when the line fits', () => {
    const events = Array.from({ length: 400 }, (_, index) => event(index + 1, '2026-03-03'));
    const { prompt } = buildPrompt(call('list_events', { day: '2026-03-03' }, worldOf(events)), { budgetTokens: 2000 });
    const leftOut = /^Left out for space, although this call's answer must list them \(event matching day=2026-03-03[^)]*\): (.*)$/m.exec(
      prompt,
    );
    expect(leftOut).not.toBeNull();
    const shown = Object.keys(readWorldSection(prompt)!.entities.event ?? {});
    const named = readIdList(leftOut![1]!);
    expect(new Set([...shown, ...named]).size).toBe(400);
    expect(toIdRuns(['7', '8', '9', 'c_01', 'c_02', 'x'])).toBe('7–9, c_01, c_02, x');

    const small = buildPrompt(
      call('get_event', { event_id: 'evt_1' }, worldOf(Array.from({ length: 40 }, (_, index) => event(index + 1, '2026-03-03')))),
      { budgetTokens: 4000 },
    ).prompt;
    const omitted = /^Omitted as unrelated to this call \(they exist\): \d+ event \(ids (.*)\)$/m.exec(small);
    expect(omitted?.[1]).not.toContain('…');
  });

  it('leaves out a fact that denies an entity the world now holds, and keeps the others', () => {
    const world = worldOf(
      [event(7, '2026-03-03')],
      ['There is no event evt_7.', 'There is no event evt_9.', 'The team has no meetings on Fridays.'],
    );
    const { prompt } = buildPrompt(call('get_event', { event_id: 'evt_7' }, world), { budgetTokens: 4000 });
    expect(readWorldSection(prompt)!.facts).toEqual(['There is no event evt_9.', 'The team has no meetings on Fridays.']);
  });

  it('marks an earlier result that shows a field the world has since changed, and says a repeat may differ', () => {
    const world = worldOf([event(1, '2026-03-03', 'cancelled')]);
    const history = [
      entry(
        1,
        'list_events',
        { day: '2026-03-03' },
        JSON.stringify({ events: [{ id: 'evt_1', title: 'Design review 1', status: 'confirmed' }] }),
      ),
      entry(2, 'cancel_event', { event_id: 'evt_1' }, JSON.stringify({ id: 'evt_1', status: 'cancelled' })),
    ];
    const built = call('list_events', { day: '2026-03-03' }, world, history);
    const { prompt } = buildPrompt({ ...built, occurrence: 2 }, { budgetTokens: 4000 });
    expect(prompt).toMatch(/^#1 .* list_events .* -> ok \[superseded: the world changed since; current fields are in the World state\]: /m);
    expect(prompt).toMatch(/^#2 .* cancel_event .* -> ok: /m);
    expect(prompt).toContain('(made before, 1 time; the world may have changed since, so answer from the World state as it is now');
  });

  it('does not count failed or cancelled calls as earlier answers of a repeated call', () => {
    const args = { event_id: 'evt_1' };
    const history = [
      entry(
        1,
        'get_event',
        args,
        'mcpsim simulator failed for @acme/calendar.get_event after 3 attempts: HTTP 503',
        'simulator-error',
        true,
      ),
      entry(2, 'get_event', args, 'cancelled by the client', 'cancelled', true),
      entry(3, 'get_event', args, JSON.stringify({ id: 'evt_1', status: 'confirmed' })),
    ];
    const built = call('get_event', args, worldOf([event(1, '2026-03-03')]), history);
    expect(buildPrompt({ ...built, occurrence: 4 }, { budgetTokens: 4000 }).prompt).toContain('(made before, 1 time;');
    expect(
      buildPrompt({ ...built, occurrence: 3, context: { ...built.context, history: history.slice(0, 2) } }, { budgetTokens: 4000 }).prompt,
    ).not.toContain('made before');
  });

  it('shows a fault as injected, not as the server failing', () => {
    const history = [entry(1, 'get_event', { event_id: 'evt_1' }, 'Service unavailable', 'fault', true)];
    const { prompt } = buildPrompt(call('get_event', { event_id: 'evt_1' }, worldOf([event(1, '2026-03-03')]), history), {
      budgetTokens: 4000,
    });
    expect(prompt).toMatch(
      /^#1 .* get_event .* -> error \[injected fault: not the server's behaviour; changed nothing\]: Service unavailable$/m,
    );
  });

  it('states the platform clock as now', () => {
    const { prompt } = buildPrompt(call('get_event', { event_id: 'evt_1' }, worldOf([]), [], { now: '2026-03-03T08:00:00.000Z' }), {
      budgetTokens: 4000,
    });
    expect(prompt).toContain("# Now\n2026-03-03T08:00:00.000Z (the server's clock");
  });
});
