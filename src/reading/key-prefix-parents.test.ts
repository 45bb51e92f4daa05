import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { readServer } from './read-server.js';
import { linkKeyPrefixParents } from './key-prefix-parents.js';

const tool = (name: string, properties: Record<string, unknown> = {}) =>
  ({ name, inputSchema: { type: 'object', properties } }) as ToolDefinition;

describe('records numbered after their parent’s key', () => {
  const model = readServer([
    tool('create_issue', { title: { type: 'string' }, teamId: { type: 'string' } }),
    tool('get_issue', { id: { type: 'string' } }),
    tool('list_teams'),
    tool('get_team', { teamId: { type: 'string' } }),
  ]);

  it('files ENG-101 under the team whose key is ENG: given in its description, else its name’s start or initials', () => {
    const design = { id: 't2', name: 'Design' };
    const engineering = { id: 't1', name: 'Engineering' };
    const mobile = { id: 't3', name: 'Mobile App' };
    const entities = {
      team: { t1: engineering, t2: design, t3: mobile },
      issue: {
        'ENG-101': { id: 'ENG-101', title: 'Crash' },
        'DSN-4': { id: 'DSN-4', title: 'Logo' },
        'MA-2': { id: 'MA-2', title: 'Push' },
        'OPS-1': { id: 'OPS-1', title: 'Nobody’s' },
        'ENG-7': { id: 'ENG-7', title: 'Placed', teamId: 't3' },
      },
    };
    linkKeyPrefixParents(model, entities, new Map([[design, 'key DSN; Sofia Reyes']]));
    expect(entities.issue['ENG-101']).toEqual({ id: 'ENG-101', title: 'Crash', teamId: 't1' });
    expect(entities.issue['DSN-4']).toEqual({ id: 'DSN-4', title: 'Logo', teamId: 't2' });
    expect(entities.issue['MA-2']).toEqual({ id: 'MA-2', title: 'Push', teamId: 't3' });
    // No team has the key OPS, and a record placed already keeps its place.
    expect(entities.issue['OPS-1']).toEqual({ id: 'OPS-1', title: 'Nobody’s' });
    expect(entities.issue['ENG-7']!.teamId).toBe('t3');
  });
});
