import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { parentsOf as readParents, tool } from './written-tools.test-support.js';

const parentsOf = (tools: ToolDefinition[], name: string) => readParents(tools, name, { weak: true });

describe('parents named by a resource path', () => {
  const tools = [
    tool('list_alert_policies', { name: { type: 'string', description: 'The project. The format is: projects/[PROJECT_ID_OR_NUMBER]' } }),
    tool('list_group_stats', { projectName: { type: 'string', description: "Written as 'projects/{projectID}'." } }),
    tool('list_log_entries', {
      resourceNames: {
        type: 'array',
        items: { type: 'string' },
        description:
          'Names of parent resources: projects/[PROJECT_ID], organizations/[ORG_ID] or projects/[PROJECT_ID]/buckets/[BUCKET_ID]',
      },
    }),
    tool('get_alert_policy', {
      name: { type: 'string', description: 'The format is: projects/[PROJECT_ID]/alertPolicies/[ALERT_POLICY_ID]' },
    }),
  ];

  it('reads a list given a path of collection/{id} segments as a list under the collection it says most', () => {
    expect(parentsOf(tools, 'list_alert_policies')).toEqual(['name->project?']);
    expect(parentsOf(tools, 'list_group_stats')).toEqual(['projectName->project?']);
    expect(parentsOf(tools, 'list_log_entries')).toEqual(['resourceNames->project?']);
  });

  it("never reads a read's own path as a parent", () => {
    expect(parentsOf(tools, 'get_alert_policy')).not.toContain('name->project?');
  });
});
