/**
 * The two made-up servers `npm run bench:fidelity` drives: a calendar (events listed by day, a
 * date that matches no whole field value) and a help desk (tickets listed by status and assignee,
 * searched by a word of the subject). Each call says what it does, so the bench can work out the
 * truth and the prompt-only fake model can answer it the same way.
 */
import type { ToolDefinition } from '../src/domain/registry.js';

export interface Entity {
  id: string;
  fields: Record<string, string>;
}

export type CallKind = 'create' | 'get' | 'list' | 'update' | 'delete' | 'ghost';

/** One call of a workload and its meaning. */
export interface BenchCall {
  kind: CallKind;
  tool: string;
  arguments: Record<string, unknown>;
  /** The entity a create makes, or a get/update/delete/ghost names. */
  id?: string;
  /** A create's fields, or an update's changes. */
  fields?: Record<string, string>;
  /** A list's filter. */
  matches?: (entity: Entity) => boolean;
}

export interface CallMaker {
  random: () => number;
  pick: <T>(list: readonly T[]) => T;
  existing: readonly Entity[];
  nextId: string;
  ghostId: string;
}

export interface Domain {
  name: string;
  description: string;
  scenario: string;
  entityType: string;
  /** The key of the list in a list answer: `events`. */
  plural: string;
  idOf: (n: number) => string;
  tools: Record<string, ToolDefinition>;
  makeCall: (kind: CallKind, maker: CallMaker) => BenchCall;
}

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object' as const, properties, required });
const text = { type: 'string' };

const days = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-09', '2026-03-10'];
const titles = [
  'Design review',
  'Standup',
  'Budget sync',
  'Customer call',
  'Hiring panel',
  'Retro',
  'Roadmap',
  'Security drill',
  'Lunch and learn',
];
const hours = ['08:30', '09:00', '10:00', '11:30', '13:00', '14:00', '15:30', '16:00'];

const calendar: Domain = {
  name: 'calendar',
  description: 'A team calendar: events with a title, a start time and a status.',
  scenario:
    'The calendar of the platform team at Acme in March 2026. Events are confirmed unless someone marks them tentative or cancels them.',
  entityType: 'event',
  plural: 'events',
  idOf: (n) => `evt_${1000 + n}`,
  tools: {
    create_event: {
      name: 'create_event',
      description: 'Create an event.',
      inputSchema: object({ title: text, start: text, calendar: text }, ['title', 'start']),
    },
    get_event: {
      name: 'get_event',
      description: 'Get one event by id.',
      inputSchema: object({ event_id: text }, ['event_id']),
      annotations: { readOnlyHint: true },
    },
    list_events: {
      name: 'list_events',
      description: 'List the events of one day.',
      inputSchema: object({ day: { type: 'string', format: 'date' } }, ['day']),
      annotations: { readOnlyHint: true },
    },
    update_event: {
      name: 'update_event',
      description: 'Change an event: its status (confirmed, tentative, cancelled) or title.',
      inputSchema: object({ event_id: text, status: text, title: text }, ['event_id']),
    },
    delete_event: {
      name: 'delete_event',
      description: 'Delete an event.',
      inputSchema: object({ event_id: text }, ['event_id']),
      annotations: { destructiveHint: true },
    },
  },
  makeCall(kind, { pick, existing, nextId, ghostId }) {
    const target = existing.length > 0 ? pick(existing).id : nextId;
    switch (kind) {
      case 'create': {
        const fields = {
          title: pick(titles),
          start: `${pick(days)}T${pick(hours)}:00Z`,
          calendar: pick(['work', 'team']),
          status: 'confirmed',
        };
        return {
          kind,
          tool: 'create_event',
          arguments: { title: fields.title, start: fields.start, calendar: fields.calendar },
          id: nextId,
          fields,
        };
      }
      case 'get':
        return { kind, tool: 'get_event', arguments: { event_id: target }, id: target };
      case 'ghost':
        return { kind, tool: 'get_event', arguments: { event_id: ghostId }, id: ghostId };
      case 'list': {
        const day = pick(days);
        return { kind, tool: 'list_events', arguments: { day }, matches: (entity) => entity.fields.start!.startsWith(day) };
      }
      case 'update': {
        const status = pick(['cancelled', 'tentative', 'confirmed']);
        return { kind, tool: 'update_event', arguments: { event_id: target, status }, id: target, fields: { status } };
      }
      case 'delete':
        return { kind, tool: 'delete_event', arguments: { event_id: target }, id: target };
    }
  },
};

const people = ['ana', 'bo', 'chen', 'dee'];
const subjects = [
  'Printer offline',
  'VPN drops',
  'Laptop battery',
  'Password reset',
  'Invoice missing',
  'Refund request',
  'Login loop',
  'Slow dashboard',
];

const helpdesk: Domain = {
  name: 'helpdesk',
  description: 'A help desk: tickets with a subject, a priority, a status and an assignee.',
  scenario: 'The IT help desk of a 300-person company. New tickets are open and unassigned until triage.',
  entityType: 'ticket',
  plural: 'tickets',
  idOf: (n) => `T-${n}`,
  tools: {
    create_ticket: {
      name: 'create_ticket',
      description: 'Open a ticket.',
      inputSchema: object({ subject: text, priority: text, assignee: text }, ['subject']),
    },
    get_ticket: {
      name: 'get_ticket',
      description: 'Get a ticket.',
      inputSchema: object({ ticket_id: text }, ['ticket_id']),
      annotations: { readOnlyHint: true },
    },
    list_tickets: {
      name: 'list_tickets',
      description: 'List tickets, filtered by status and assignee.',
      inputSchema: object({ status: text, assignee: text }),
      annotations: { readOnlyHint: true },
    },
    update_ticket: {
      name: 'update_ticket',
      description: 'Change a ticket: status (open, pending, closed), priority or assignee.',
      inputSchema: object({ ticket_id: text, status: text, assignee: text }, ['ticket_id']),
    },
    delete_ticket: {
      name: 'delete_ticket',
      description: 'Delete a ticket opened by mistake.',
      inputSchema: object({ ticket_id: text }, ['ticket_id']),
      annotations: { destructiveHint: true },
    },
  },
  makeCall(kind, { pick, random, existing, nextId, ghostId }) {
    const target = existing.length > 0 ? pick(existing).id : nextId;
    switch (kind) {
      case 'create': {
        const fields = {
          subject: `${pick(subjects)} on floor ${1 + Math.floor(random() * 4)}`,
          priority: pick(['low', 'normal', 'high']),
          assignee: pick(people),
          status: 'open',
        };
        return {
          kind,
          tool: 'create_ticket',
          arguments: { subject: fields.subject, priority: fields.priority, assignee: fields.assignee },
          id: nextId,
          fields,
        };
      }
      case 'get':
        return { kind, tool: 'get_ticket', arguments: { ticket_id: target }, id: target };
      case 'ghost':
        return { kind, tool: 'get_ticket', arguments: { ticket_id: ghostId }, id: ghostId };
      case 'list': {
        const status = pick(['open', 'pending', 'closed']);
        if (random() < 0.5)
          return { kind, tool: 'list_tickets', arguments: { status }, matches: (entity) => entity.fields.status === status };
        const assignee = pick(people);
        return {
          kind,
          tool: 'list_tickets',
          arguments: { status, assignee },
          matches: (entity) => entity.fields.status === status && entity.fields.assignee === assignee,
        };
      }
      case 'update': {
        const fields: Record<string, string> =
          random() < 0.6 ? { status: pick(['pending', 'closed', 'open']) } : { assignee: pick(people) };
        return { kind, tool: 'update_ticket', arguments: { ticket_id: target, ...fields }, id: target, fields };
      }
      case 'delete':
        return { kind, tool: 'delete_ticket', arguments: { ticket_id: target }, id: target };
    }
  },
};

export const domains: readonly Domain[] = [calendar, helpdesk];

/** How the server shows an entity, a list, a deletion and a miss: the truth and the fake model both use these. */
export const render = {
  entity: (entity: Entity) => JSON.stringify({ id: entity.id, ...sorted(entity.fields) }),
  list: (domain: Domain, entities: readonly Entity[]) =>
    JSON.stringify({
      [domain.plural]: [...entities].sort((a, b) => (a.id < b.id ? -1 : 1)).map((entity) => ({ id: entity.id, ...sorted(entity.fields) })),
    }),
  deleted: (id: string) => JSON.stringify({ deleted: id }),
  notFound: (domain: Domain, id: string) => `${domain.entityType} ${id} not found`,
};

const sorted = (fields: Record<string, string>) => Object.fromEntries(Object.entries(fields).sort(([a], [b]) => (a < b ? -1 : 1)));
