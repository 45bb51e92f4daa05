import { describe, expect, it } from 'vitest';
import { withSingularCompound } from './compound-plurals.js';
import { readServer } from './read-server.js';
import { inferServerShapes } from './tool-operation.js';
import { tool, text } from './written-tools.test-support.js';

const entityOf = (tools: ReturnType<typeof tool>[], name: string) => readServer(tools).shapes.get(name)?.entity;

describe('a plural inside a compound entity', () => {
  it('is read singular where the server writes that noun singular in another name, and says why', () => {
    const tools = [
      tool('show_services_tcp', { limit: { type: 'number' } }, 'Retrieve all TCP services.'),
      tool('show_service_groups', { limit: { type: 'number' } }, 'Retrieve all service groups.'),
    ];
    expect(entityOf(tools, 'show_services_tcp')).toBe('service_tcp');
    // A page of items is a view of many: its plural is meant.
    const page = tool('get_board_items_page', { boardId: text }, 'Get a page of the items of a board.');
    const shape = { ...inferServerShapes([page]).get('get_board_items_page')!, entity: 'board_items_page' };
    expect(withSingularCompound(shape, page, () => true).entity).toBe('board_items_page');
    expect(readServer(tools).readings.get('show_services_tcp')?.why.entity).toMatch(/plural inside the compound/);
  });

  it('stays plural where the server never writes it singular, or the name writes its last word plural', () => {
    const tools = [
      tool('execute_insights_query', { query: text }, 'Run a query on the Insights dataset.'),
      tool('list_insights_configs', {}, 'List the Insights dataset configurations.'),
    ];
    expect(entityOf(tools, 'execute_insights_query')).not.toBe('insight_query');
    // `insight` is written singular, but `configs` is plural: it is the head, and `insights` only qualifies it.
    const listed = inferServerShapes(tools).get('list_insights_configs')!;
    const singular = (word: string) => word === 'insight';
    expect(withSingularCompound({ ...listed, entity: 'insights_config' }, tools[1]!, singular).entity).toBe('insights_config');
    expect(withSingularCompound({ ...listed, entity: 'insights_query' }, tools[0]!, singular).entity).toBe('insight_query');
  });

  it('is read singular on a server that names its collections, not its things', () => {
    const tools = [
      tool('get_deployments', { deployment_name: text }, 'Get a deployment'),
      tool('delete_deployments', { deployment_name: text }, 'Delete a deployment'),
      tool('cancel_predictions', { prediction_id: text }, 'Cancel a prediction'),
      tool('delete_files', { file_id: text }, 'Delete a file'),
      tool('get_default_webhooks_secret', {}, 'Get the default webhook secret'),
    ];
    expect(entityOf(tools, 'get_default_webhooks_secret')).toBe('webhook_secret');
    // With one tool naming a thing in the plural, plurals may be the service's own words.
    expect(entityOf([tools[0]!, tools[4]!], 'get_default_webhooks_secret')).toBe('webhooks_secret');
  });
});
