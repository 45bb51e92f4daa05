import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readServer } from './read-server.js';
import { toDescribedWorld } from './described-world.js';
import { toDescribedNumber, toDescribedNumberField, toNumberFields } from './described-number.js';
import type { ToolDefinition } from '../domain/registry.js';

const pagerDuty = readServer(
  JSON.parse(readFileSync(new URL('../../test/sim/servers/pagerduty-mcp-tools.json', import.meta.url), 'utf8')) as ToolDefinition[],
  { serverNames: ['PagerDuty'] },
);

/** A tracker whose issues keep no number apart from their id. */
const tracker = readServer([
  {
    name: 'get_issue',
    description: 'Get an issue',
    inputSchema: { type: 'object', properties: { issue_id: { type: 'string' } }, required: ['issue_id'] },
    outputSchema: { type: 'object', properties: { id: { type: 'string' }, title: { type: 'string' } } },
  },
  { name: 'list_issues', description: 'List issues', inputSchema: { type: 'object', properties: {} } },
]);

describe('a number a description writes before a name', () => {
  it("goes to the type's number field where its records keep one, as a number where the schema keeps a number", () => {
    expect(toDescribedNumberField(pagerDuty, 'incident', 'id', [{ key: '#1042' }])).toEqual({ field: 'incident_number', numeric: true });
    expect(toNumberFields({ field: 'incident_number', numeric: true }, '#1042')).toEqual({ incident_number: 1042 });
    expect(toNumberFields({ field: 'number', numeric: false }, '1042')).toEqual({ number: '1042' });
  });

  it('is no number where the key is another kind, and goes nowhere where no key is a number or the type keeps none', () => {
    expect(toDescribedNumber('WEB-1')).toBeUndefined();
    expect(toDescribedNumberField(pagerDuty, 'incident', 'id', [{ key: 'WEB-1' }, { key: undefined }])).toBeNull();
    expect(toDescribedNumberField(tracker, 'issue', 'id', [{ key: '#42' }])).toBeNull();
  });

  it('seeds `#1042 "Checkout 500s spike"` under the id format of PagerDuty\'s incidents, with incident_number 1042', () => {
    const world = toDescribedWorld(
      { ...pagerDuty, serverNames: ['PagerDuty'] },
      'Incidents: #1042 "Checkout 500s spike"; #1041 "Payments queue backlog".',
    );
    const incidents = Object.entries(world.entities.incident ?? {});
    expect(incidents.map(([, fields]) => [fields.incident_number, fields.title])).toEqual([
      [1042, 'Checkout 500s spike'],
      [1041, 'Payments queue backlog'],
    ]);
    for (const [id, fields] of incidents) expect([id, fields.id]).toEqual([expect.stringMatching(/^Q[A-Z0-9]{13}$/), id]);
    // Where the type keeps no number, the number is the id, as before.
    expect(Object.keys(toDescribedWorld(tracker, 'Issues: #42 "Fix login".').entities.issue ?? {})).toEqual(['42']);
  });
});
