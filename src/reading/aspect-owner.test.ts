import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { inferServerShapes } from './tool-operation.js';

const tool = (name: string, properties: Record<string, Record<string, unknown>> = {}): ToolDefinition => ({
  name,
  inputSchema: { type: 'object', properties, required: Object.keys(properties) },
});
const text = { type: 'string' };
const entities = (tools: ToolDefinition[]) =>
  Object.fromEntries([...inferServerShapes(tools)].map(([name, shape]) => [name, shape.entity]));

describe('a read or an update of one aspect of an entity', () => {
  const server = [
    tool('get_report', { report_uid: text }),
    tool('list_reports'),
    tool('get_report_overview', { report_uid: text }),
    tool('update_report_rank', { report_uid: text, rank: { type: 'number' } }),
    tool('get_folder', { id: text }),
    tool('get_folder_quota', { id: text }),
    tool('get_report_section', { report_uid: text, section_id: text }),
    tool('list_report_widgets', { report_uid: text }),
  ];

  it('acts on the entity the name puts before the aspect when the arguments name that entity', () => {
    expect(entities(server)).toMatchObject({ get_report_overview: 'report', update_report_rank: 'report', get_folder_quota: 'folder' });
  });

  it('leaves a part with an id of its own, and a list of parts, as the part', () => {
    expect(entities(server)).toMatchObject({ get_report_section: 'section', list_report_widgets: 'widget' });
  });

  it('leaves the aspect alone where no argument names its owner', () => {
    expect(entities([tool('get_report', { report_uid: text }), tool('get_report_overview', { period: text })])).toMatchObject({
      get_report_overview: 'overview',
    });
  });

  it('leaves a diff or a patch the service computes from the entity as a thing of its own', () => {
    const pulls = [tool('get_pull_request', { pull_request_id: text }), tool('list_pull_requests')];
    expect(
      entities([
        ...pulls,
        tool('get_pull_request_diff', { pull_request_id: text }),
        tool('getPullRequestPatch', { pull_request_id: text }),
      ]),
    ).toMatchObject({ get_pull_request_diff: 'diff', getPullRequestPatch: 'patch' });
  });
});
