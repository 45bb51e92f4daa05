import { describe, expect, it } from 'vitest';
import { readServer } from './read-server.js';
import { toParentReferences } from './tool-parents.js';
import { tool, text } from './written-tools.test-support.js';

describe('a parent named by its address', () => {
  it('reads calendarUrl as the calendar an event is created under and listed by (CalDAV)', () => {
    const tools = [
      tool('list-calendars', {}, 'List the calendars'),
      tool('create-event', { calendarUrl: text, summary: text, start: text }, 'Create an event in a calendar'),
      tool('list-events', { calendarUrl: text, start: text }, 'List events of a calendar'),
    ];
    const model = readServer(tools);
    for (const name of ['create-event', 'list-events']) {
      const found = model.tools.find((one) => one.name === name)!;
      expect(toParentReferences(found, model.shapes.get(name)!, model.shapes)).toMatchObject([
        { argument: 'calendarUrl', entity: 'calendar' },
      ]);
    }
  });
});
