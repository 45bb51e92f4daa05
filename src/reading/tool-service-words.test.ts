import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { parseToolName, toServiceWords } from './tool-name.js';
import { inferServerShapes } from './tool-operation.js';

const tool = (name: string, properties: Record<string, unknown> = {}): ToolDefinition => ({
  name,
  inputSchema: { type: 'object', properties, required: Object.keys(properties) },
});

describe('toServiceWords', () => {
  it('takes each name part whole and its first word, leaving generic words and later words out', () => {
    expect([...toServiceWords(['@SonarSource/sonarqube-mcp-server', 'SonarQube'])].sort()).toEqual(['sonar', 'sonarqube', 'sonarsource']);
    expect([...toServiceWords(['@brave/brave-search-mcp-server', 'Brave Search'])].sort()).toEqual(['brave', 'bravesearch']);
  });
});

describe('parseToolName', () => {
  it('drops the words that name the service from the entity, unless nothing else is left', () => {
    const service = toServiceWords(['@SonarSource/sonarqube-mcp-server', 'SonarQube']);
    expect(parseToolName('search_my_sonarqube_projects', null, service)).toMatchObject({ entityWords: ['project'], plural: true });
    expect(parseToolName('change_sonar_issue_status', null, service).entityWords).toEqual(['issue', 'status']);
    expect(parseToolName('get_sonarqube', null, service).entityWords).toEqual(['sonarqube']);
    expect(parseToolName('search_my_sonarqube_projects', null).entityWords).toEqual(['sonarqube', 'project']);
  });

  it('drops a shortening of the service’s name of five letters or more, and no shorter one', () => {
    const service = toServiceWords(['@trial/sonarqube']);
    expect(parseToolName('change_sonar_issue_status', null, service).entityWords).toEqual(['issue', 'status']);
    expect(parseToolName('search_sonar_issues_in_projects', null, service)).toMatchObject({ entityWords: ['issue'], plural: true });
    const datadog = toServiceWords(['@acme/datadog']);
    expect(parseToolName('list_data_sources', null, datadog).entityWords).toEqual(['data', 'source']);
  });

  it('reads X_in_Y, X_for_Y and X_of_Y as acting on X', () => {
    expect(parseToolName('search_issues_in_projects', null)).toMatchObject({ entityWords: ['issue'], plural: true });
    expect(parseToolName('list_invoices_for_customer', null).entityWords).toEqual(['invoice']);
    expect(parseToolName('get_members_of_team', null).entityWords).toEqual(['member']);
  });
});

describe('inferServerShapes with the server’s names', () => {
  const tools = [
    tool('search_sonar_issues_in_projects', { projects: { type: 'array' } }),
    tool('change_sonar_issue_status', { issue_key: { type: 'string' }, transition: { type: 'string' } }),
    tool('search_my_sonarqube_projects', { page: { type: 'string' } }),
    tool('set_task_status', { task_id: { type: 'string' }, status: { type: 'string' } }),
  ];
  const shapes = inferServerShapes(tools, {}, ['@SonarSource/sonarqube-mcp-server', 'SonarQube']);

  it('reads the entity without the service’s words', () => {
    expect(shapes.get('search_sonar_issues_in_projects')).toMatchObject({ operation: 'search', entity: 'issue' });
    expect(shapes.get('search_my_sonarqube_projects')).toMatchObject({ operation: 'search', entity: 'project' });
  });

  it('reads change_X_status and set_X_status as a state change of X, not an update of X_status', () => {
    expect(shapes.get('change_sonar_issue_status')).toMatchObject({
      operation: 'update',
      entity: 'issue',
      idArgument: 'issue_key',
      upsert: false,
    });
    expect(shapes.get('set_task_status')).toMatchObject({
      operation: 'update',
      entity: 'task',
      idArgument: 'task_id',
      upsert: false,
      strict: true,
    });
  });

  it('reads add_X_to_Y and remove_X_from_Y as changing the Y ids an X holds, not as a create of Y', () => {
    const membership = inferServerShapes([
      tool('get_user', { user_id: { type: 'string' } }),
      tool('get_group', { group_id: { type: 'string' } }),
      tool('add_user_to_group', { group_id: { type: 'string' }, user_id: { type: 'string' } }),
      tool('remove_user_from_group', { group_id: { type: 'string' }, user_id: { type: 'string' } }),
    ]);
    expect(membership.get('add_user_to_group')).toMatchObject({
      operation: 'update',
      entity: 'user',
      idArgument: 'user_id',
      listField: { field: 'group_ids', argument: 'group_id', remove: false },
    });
    expect(membership.get('remove_user_from_group')?.listField).toEqual({ field: 'group_ids', argument: 'group_id', remove: true });
  });

  it('reads an entity word that is the initials of another tool’s entity as that entity', () => {
    const radar = inferServerShapes([
      tool('list_autonomous_systems', { location: { type: 'string' } }),
      tool('get_as_details', { asn: { type: 'number' } }),
      tool('get_ip_details', { ip: { type: 'string' } }),
    ]);
    expect(radar.get('get_as_details')).toMatchObject({ operation: 'read', entity: 'autonomous_system' });
    expect(radar.get('get_ip_details')?.entity).toBe('ip');
  });
});
