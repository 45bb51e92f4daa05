/**
 * A record is found by its name in the field its service names it by (the service model's name
 * field, reading/name-field.ts: a conversation's `FriendlyName`, an event's `summary`), as by a
 * `name` or `title`: driven with no model over the real platform (a real SQLite file, `app.fetch`
 * in process).
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { mockOnTools, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-found-by-name-', (started) => (harness = started));

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });
const text = { type: 'string' };

describe('a record named in its service’s own field', () => {
  it('is read by that name where the read takes a name', async () => {
    const call = await mockOnTools(harness, {
      namespace: 'calendar',
      connection: 'events',
      tools: [
        {
          name: 'create_event',
          description: 'Create an event.',
          inputSchema: object({ summary: text, start: text }, ['summary', 'start']),
        },
        { name: 'get_event', description: 'Get an event by its name.', inputSchema: object({ name: text }, ['name']) },
        { name: 'find_events', description: 'Find events.', inputSchema: object({ title: text }) },
      ],
    });
    await call('create_event', { summary: 'Standup', start: '2026-01-05T09:00:00Z' });
    await call('create_event', { summary: 'Design review', start: '2026-01-05T14:00:00Z' });
    expect(await call('get_event', { name: 'Design review' })).toMatchObject({ summary: 'Design review' });
    expect(JSON.stringify(await call('find_events', { title: 'Standup' }))).toContain('Standup');
  });
});
