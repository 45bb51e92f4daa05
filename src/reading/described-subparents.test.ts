import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { readServer } from './read-server.js';
import { toDescribedWorld } from './described-world.js';

const object = (properties: Record<string, unknown>) => ({ type: 'object' as const, properties });
const text = { type: 'string' };
const integer = { type: 'integer' };
const forum: ToolDefinition[] = [
  { name: 'create_category', description: 'Create a category.', inputSchema: object({ name: text, parent_category_id: integer }) },
  { name: 'get_category', description: 'Get a category.', inputSchema: object({ category_id: integer }) },
  { name: 'create_topic', description: 'Create a topic.', inputSchema: object({ title: text, category_id: integer }) },
];
const drive: ToolDefinition[] = [
  { name: 'create_folder', description: 'Create a folder.', inputSchema: object({ name: text, parentFolderId: text }) },
  { name: 'list_folders', description: 'List folders.', inputSchema: object({ parentFolderId: text }) },
];
const parents = (tools: ToolDefinition[], description: string, type: string, field: string) =>
  Object.fromEntries(Object.values(toDescribedWorld(readServer(tools), description).entities[type] ?? {}).map((f) => [f.name, f[field]]));

describe('records a description places under a record of their own type', () => {
  it('puts a subcategory its parenthesis names under that category, by the id the parent argument takes', () => {
    const described =
      'Categories: Support (id 5), Billing (id 6, a subcategory of Support), Orders & Shipping (id 8) and Returns (id 9, sub-category of Orders & Shipping).';
    expect(parents(forum, described, 'category', 'parent_category_id')).toEqual({
      Support: undefined,
      Billing: 5,
      'Orders & Shipping': undefined,
      Returns: 8,
    });
  });

  it('reads the parent a sentence gives the child, one or several, after is/are a sub-type of or under', () => {
    const described =
      'Categories: Support (id 5), Billing (id 6), Returns (id 9) and Refunds (id 10). Billing is a subcategory of Support. Returns and Refunds are subcategories of Billing.';
    expect(parents(forum, described, 'category', 'parent_category_id')).toEqual({ Support: undefined, Billing: 5, Returns: 6, Refunds: 6 });
    const folders = parents(
      drive,
      'Folders: "Reports", "Q3" and "Drafts". Q3 sits under Reports. Drafts is a child of Q3.',
      'folder',
      'parentFolderId',
    );
    const ids = Object.values(toDescribedWorld(readServer(drive), 'Folders: "Reports", "Q3" and "Drafts".').entities.folder ?? {}).map(
      (f) => f.id,
    );
    expect(folders).toEqual({ Reports: undefined, Q3: ids[0], Drafts: ids[1] });
  });

  it('places nothing where the text names no parent, or where the type has no parent of its own type', () => {
    expect(parents(forum, 'Categories: Support (id 5) and Billing (id 6, for invoices).', 'category', 'parent_category_id')).toEqual({
      Support: undefined,
      Billing: undefined,
    });
    const flat: ToolDefinition[] = [{ name: 'create_tag', description: 'Create a tag.', inputSchema: object({ name: text }) }];
    const world = toDescribedWorld(readServer(flat), 'Tags: "bug" and "ui". ui is a subtag of bug.');
    expect(Object.values(world.entities.tag ?? {}).every((fields) => Object.keys(fields).every((key) => !/parent/i.test(key)))).toBe(true);
  });
});
