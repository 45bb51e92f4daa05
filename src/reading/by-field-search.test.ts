import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { inferServerShapes } from './tool-operation.js';

const text = { type: 'string' };
const tool = (name: string, properties: Record<string, unknown>): ToolDefinition => ({
  name,
  inputSchema: { type: 'object', properties, required: Object.keys(properties) },
});

describe('reads of many by a field', () => {
  const shapes = inferServerShapes([
    tool('get_authors_by_name', { name: text }),
    tool('get_emails_by_date_range', { start: text, end: text }),
    tool('get_cards_by_list_id', { list_id: text }),
    tool('get_issues_by_project', { project: text }),
    tool('get_project', { project_id: text }),
    tool('list_users_by_org', { org: text }),
    tool('get_checklist_by_name', { name: text }),
  ]);

  it('reads get_authors_by_name and get_emails_by_date_range as searches', () => {
    expect(shapes.get('get_authors_by_name')).toMatchObject({ operation: 'search', entity: 'author' });
    expect(shapes.get('get_emails_by_date_range')).toMatchObject({ operation: 'search', entity: 'email' });
  });

  it('keeps a list by an id or by a kind the server keeps, a list verb, and a singular read', () => {
    expect(shapes.get('get_cards_by_list_id')?.operation).toBe('list');
    expect(shapes.get('get_issues_by_project')?.operation).toBe('list');
    expect(shapes.get('list_users_by_org')?.operation).toBe('list');
    expect(shapes.get('get_checklist_by_name')?.operation).toBe('read');
  });
});
