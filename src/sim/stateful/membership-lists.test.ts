import { describe, expect, it } from 'vitest';
import type { WorldState } from '../../domain/memory-log.js';
import { toLinkedIds } from './membership-lists.js';
import { fitToSchema } from './schema-fit.js';
import { toReferenceBook } from './world-references.js';

/** Two teams, three people, and the members that tie them (what a team's parenthesis seeds, or `add_team_member` makes). */
const world: WorldState = {
  entities: {
    team: { T1: { id: 'T1', name: 'Platform' }, T2: { id: 'T2', name: 'Payments' } },
    user: { U1: { id: 'U1', name: 'Priya Shah' }, U2: { id: 'U2', name: 'Ana Costa' }, U3: { id: 'U3', name: 'Tom Reyes' } },
    member: {
      m1: { id: 'm1', team_id: 'T1', user_id: 'U1' },
      m2: { id: 'm2', team_id: 'T2', user_id: 'U1' },
      m3: { id: 'm3', teamId: 'T2', userId: 'U2' },
    },
  },
  facts: [],
};

const user = {
  title: 'User',
  type: 'object',
  properties: {
    id: { title: 'Id', type: 'string' },
    name: { title: 'Name', type: 'string' },
    teams: { title: 'Teams', type: 'array', items: { $ref: '#/$defs/TeamReference' } },
  },
  required: ['name', 'teams'],
  $defs: {
    TeamReference: {
      title: 'TeamReference',
      type: 'object',
      properties: { id: { type: 'string' }, summary: { type: 'string' }, type: { type: 'string' } },
      required: ['id', 'type'],
    },
  },
};

describe('memberships seen from both sides', () => {
  it('finds the records a link ties a record to, whatever the spelling of its keys, and none for one it ties to nothing', () => {
    expect(toLinkedIds(world, { type: 'user', id: 'U1' }, 'team')).toEqual(['T1', 'T2']);
    expect(toLinkedIds(world, { type: 'user', id: 'U2' }, 'team')).toEqual(['T2']);
    expect(toLinkedIds(world, { type: 'user', id: 'U3' }, 'team')).toEqual([]);
    expect(toLinkedIds(world, { type: 'user', id: 'U1' }, 'project')).toBeUndefined();
  });

  it("shows a user's `teams` as references to the teams its members tie it to, over an empty list kept from before", () => {
    const references = toReferenceBook(world, []);
    const fitted = fitToSchema({ id: 'U1', name: 'Priya Shah', teams: [] }, user, 'seed', { entity: 'user', references });
    expect(fitted).toEqual({
      id: 'U1',
      name: 'Priya Shah',
      teams: [
        { id: 'T1', summary: 'Platform', type: 'team' },
        { id: 'T2', summary: 'Payments', type: 'team' },
      ],
    });
    expect(
      (fitToSchema({ id: 'U3', name: 'Tom Reyes' }, user, 'seed', { entity: 'user', references }) as { teams: unknown }).teams,
    ).toEqual([]);
  });

  it('leaves a list alone where no record of the world ties the two types', () => {
    const bare: WorldState = { entities: { team: world.entities.team!, user: world.entities.user! }, facts: [] };
    const given = [{ id: 'T9', summary: 'Elsewhere', type: 'team' }];
    const fitted = fitToSchema({ id: 'U1', name: 'Priya Shah', teams: given }, user, 'seed', {
      entity: 'user',
      references: toReferenceBook(bare, []),
    });
    expect((fitted as { teams: unknown }).teams).toEqual(given);
  });
});
