import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { parentsOf as readParents, text, tool } from './written-tools.test-support.js';

const parentsOf = (tools: ToolDefinition[], name: string) => readParents(tools, name, { weak: true });

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
