import { describe, expect, it } from 'vitest';
import { readServer } from './read-server.js';
import { toDescribedWorld } from './described-world.js';
import type { ToolDefinition } from '../domain/registry.js';

const tool = (name: string, properties: Record<string, unknown>): ToolDefinition =>
  ({ name, description: name.replace(/_/g, ' '), inputSchema: { type: 'object', properties } }) as ToolDefinition;
const id = { type: 'string' };
const tools = [
  tool('create_student', { name: { type: 'string' } }),
  tool('list_students', {}),
  tool('create_course', { title: { type: 'string' } }),
  tool('list_courses', {}),
  tool('create_enrollment', { student_id: id, course_id: id, grade: { type: 'string' } }),
  tool('list_enrollments', { student_id: id }),
  tool('create_certificate', { enrollment_id: id, student_id: id }),
  tool('list_certificates', { student_id: id }),
];

describe('records listed by what they join', () => {
  const model = readServer(tools);
  const text = [
    'Students: Ada Byron and Alan Turing.',
    'Courses: Logic and Analysis.',
    'Enrollments: Ada Byron for Analysis, grade A; Alan Turing for Logic.',
    'Certificates: Ada Byron for Analysis.',
  ].join('\n');

  it('seeds one record per item under the two records it names, and what the item tells of it', () => {
    const world = toDescribedWorld(model, text);
    const idOf = (type: string, name: string) =>
      Object.entries(world.entities[type]!).find(([, fields]) => Object.values(fields).includes(name))![0];
    const enrollments = Object.values(world.entities.enrollment ?? {});
    expect(enrollments.map(({ student_id, course_id, grade }) => [student_id, course_id, grade])).toEqual([
      [idOf('student', 'Ada Byron'), idOf('course', 'Analysis'), 'A'],
      [idOf('student', 'Alan Turing'), idOf('course', 'Logic'), undefined],
    ]);
    // The certificate joins the same two: it lies under that enrollment.
    const [certificate] = Object.values(world.entities.certificate ?? {});
    expect(certificate).toMatchObject({
      enrollment_id: Object.keys(world.entities.enrollment!)[0],
      student_id: idOf('student', 'Ada Byron'),
    });
  });

  it('seeds nothing where an item names no record the description gave', () => {
    const world = toDescribedWorld(model, 'Students: Ada Byron.\nEnrollments: Ada Byron for Topology; Grace Hopper for Logic.');
    expect(world.entities.enrollment).toBeUndefined();
  });
});
