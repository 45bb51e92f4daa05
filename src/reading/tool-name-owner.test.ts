import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { inferServerShapes } from './tool-operation.js';
import { toParentReferences } from './tool-parents.js';

const text = { type: 'string' };
const tool = (name: string, properties: Record<string, unknown>): ToolDefinition => ({
  name,
  inputSchema: { type: 'object', properties, required: Object.keys(properties) },
});
const parentsOf = (tools: ToolDefinition[], name: string) => {
  const shapes = inferServerShapes(tools);
  return toParentReferences(
    tools.find((candidate) => candidate.name === name)!,
    shapes.get(name)!,
    shapes,
  ).map((reference) => `${reference.argument}->${reference.entity}${reference.strong ? '' : '?'}`);
};

describe('owners a tool name says, named by an argument', () => {
  const tools = [
    tool('list_org_packages', { org: text, page: { type: 'integer' } }),
    tool('list_user_packages', { username: text }),
    tool('create_organization_webhook', { org: text, events: { type: 'array' } }),
    tool('get_catalog_items', { catalogName: text }),
    tool('list_packages', { visibility: text, username: text }),
    tool('get_package', { package_id: text }),
    tool('get_webhook', { hook_id: text }),
    tool('get_catalog_item', { catalogName: text, itemId: text }),
  ];

  it('reads an argument spelling a noun of the name before its entity as the owner listed or made under', () => {
    expect(parentsOf(tools, 'list_org_packages')).toEqual(['org->organization?']);
    expect(parentsOf(tools, 'list_user_packages')).toEqual(['username->user?']);
    expect(parentsOf(tools, 'create_organization_webhook')).toEqual(['org->organization?']);
    expect(parentsOf(tools, 'get_catalog_items')).toEqual(['catalogName->catalog?']);
  });

  it('reads none where the name says no owner', () => {
    expect(parentsOf(tools, 'list_packages')).toEqual([]);
  });
});
