import { describe, expect, it } from 'vitest';
import { fitToSchema } from './schema-fit.js';
import { toReferenceBook } from './world-references.js';
import { withAnswerSummary } from './answer-summary.js';
import { withTimesInOrder } from './time-order.js';

/** A tracker's task: a person role (`assignee`), a `<type>_id` and a reference whose type has an enum. */
const task = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    assignee: {
      type: 'object',
      properties: { id: { type: 'string' }, name: { type: 'string' }, type: { type: 'string' } },
      required: ['id', 'name', 'type'],
    },
    project_id: { type: 'string' },
    label: { type: 'object', properties: { id: { type: 'string' }, type: { type: 'string', enum: ['tag'] } }, required: ['id', 'type'] },
  },
  required: ['id', 'assignee', 'project_id', 'label'],
};

const world = {
  entities: {
    member: { m1: { name: 'Ana Costa' }, m2: { name: 'Tom Reyes' } },
    project: { p9: { title: 'Website relaunch' } },
  },
  facts: [],
};

describe('made-up references (world-references.ts)', () => {
  it('name records of the world (a person role takes one of its people), spell the type as the type where the server spells no `_reference`, and stay the same', () => {
    const references = toReferenceBook(world, []);
    const fitted = fitToSchema({ id: 't1' }, task, 'seed|task|t1', { entity: 'task', references }) as Record<
      string,
      Record<string, unknown>
    >;
    expect(['m1', 'm2']).toContain(fitted.assignee!.id);
    expect(fitted.assignee!.name).toBe(world.entities.member[fitted.assignee!.id as 'm1' | 'm2'].name);
    expect(fitted.assignee!.type).toBe('member');
    expect(fitted.project_id).toBe('p9');
    expect(fitted.label!.type).toBe('tag');
    expect(fitToSchema({ id: 't1' }, task, 'seed|task|t1', { entity: 'task', references })).toEqual(fitted);
  });

  it('leave a value made up where the world holds nothing of the type', () => {
    const references = toReferenceBook({ entities: {}, facts: [] }, []);
    const fitted = fitToSchema({ id: 't1' }, task, 'seed|task|t1', { entity: 'task', references }) as Record<string, unknown>;
    expect(fitted.project_id).toEqual(expect.any(String));
    expect(fitted.project_id).not.toBe('p9');
  });
});

describe('answer summaries and change times', () => {
  it("count the answer's list only for a summary of the whole answer, not an entity's own summary", () => {
    const properties = { summary: { type: 'string', description: 'A short summary of the incident' }, assignments: { type: 'array' } };
    const incident = { summary: 'Made up', assignments: [] };
    expect(withAnswerSummary(incident, {}, properties, 'incident')).toEqual(incident);
    const answer = { results: [{}, {}], result_summary: 'Made up' };
    expect(withAnswerSummary(answer, {}, { results: {}, result_summary: {} }, undefined)).toEqual({ ...answer, result_summary: '2 items' });
    expect(withAnswerSummary(answer, { result_summary: 'Given' }, {}, undefined)).toEqual(answer);
  });

  it('put a made-up change time no earlier than the creation time beside it, in any spelling, never a given one', () => {
    const made = { createdAt: '2026-05-04T10:00:00Z', lastModifiedAt: '2026-03-01T08:00:00Z' };
    expect(withTimesInOrder(made, {})).toEqual({ ...made, lastModifiedAt: '2026-05-04T10:00:00Z' });
    expect(withTimesInOrder(made, { lastModifiedAt: made.lastModifiedAt })).toEqual(made);
    const dates = { created_at: '2026-05-04T10:00:00Z', updated_on: '2026-03-01' };
    expect(withTimesInOrder(dates, {})).toEqual(dates);
  });
});
