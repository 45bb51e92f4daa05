/**
 * The calendar session of the long-session bench's simulator path (long-session.ts): a server
 * with create, get, list by day and cancel, and a seeded plan of calls over it. Events fall on a
 * day that moves forward with the session (about 12 a day) and a list asks for one of the last
 * 30 days, so a list answer stays the same size while the world grows.
 */
import type { ToolDefinition } from '../src/domain/registry.js';
import { seededRandom } from './seeded-random.js';

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object' as const, properties, required });
const text = { type: 'string' };
export const calendarServer = {
  displayName: 'Team Calendar',
  description: 'The calendar of the platform team: events with a title, a start time and a status.',
  tools: [
    { name: 'create_event', description: 'Create an event.', inputSchema: object({ title: text, start: text }, ['title', 'start']) },
    {
      name: 'get_event',
      description: 'Get one event by id.',
      inputSchema: object({ event_id: text }, ['event_id']),
      annotations: { readOnlyHint: true },
    },
    {
      name: 'list_events',
      description: 'List the events of one day.',
      inputSchema: object({ day: { type: 'string', format: 'date' } }, ['day']),
      annotations: { readOnlyHint: true },
    },
    {
      name: 'update_event',
      description: 'Change an event: its status (confirmed, tentative, cancelled) or title.',
      inputSchema: object({ event_id: text, status: text }, ['event_id']),
    },
  ] satisfies ToolDefinition[],
};
const titles = ['Design review', 'Standup', 'Budget sync', 'Customer call', 'Hiring panel', 'Retro', 'Roadmap', 'Security drill'];
const hours = ['08:30', '09:00', '10:00', '11:30', '13:00', '14:00', '15:30', '16:00'];

/** The calendar session: the n-th call, given the ids the simulator handed out so far. */
export function createCalendarPlan() {
  const random = seededRandom(11); // the calendar session is the same on every run
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const ids: string[] = [];
  const dayOf = (sequence: number) => new Date(Date.UTC(2026, 2, 2) + Math.floor(sequence / 48) * 86_400_000).toISOString().slice(0, 10);
  function plan(sequence: number): { tool: string; arguments: Record<string, unknown> } {
    const roll = sequence <= 8 ? 0 : random();
    if (roll < 0.25) return { tool: 'create_event', arguments: { title: pick(titles), start: `${dayOf(sequence)}T${pick(hours)}:00Z` } };
    if (roll < 0.6) return { tool: 'get_event', arguments: { event_id: pick(ids) } };
    if (roll < 0.85) return { tool: 'list_events', arguments: { day: dayOf(Math.max(0, sequence - Math.floor(random() * 30 * 48))) } };
    return { tool: 'update_event', arguments: { event_id: pick(ids), status: 'cancelled' } };
  }
  /** Keeps the id a create answered with. */
  function saw(tool: string, structured: Record<string, unknown> | undefined, textContent: string) {
    if (tool !== 'create_event') return;
    const value = structured ?? (JSON.parse(textContent) as Record<string, unknown>);
    const id = value.id ?? value.event_id;
    if (typeof id !== 'string' && typeof id !== 'number') throw new Error(`create_event answered no id: ${textContent.slice(0, 300)}`);
    ids.push(String(id));
  }
  return { plan, saw, size: () => ids.length };
}
