import { describe, expect, it } from 'vitest';
import { readServer } from './read-server.js';
import { tool, text } from './written-tools.test-support.js';

/** Webhooks of repositories and organizations, with their deliveries and configs (as a GitHub server names them). */
const hooks = [
  tool('list_repository_webhooks', { owner: text, repo: text }, 'List webhooks for a repository'),
  tool('get_repository_webhook', { owner: text, repo: text, hook_id: text }, 'Get a specific webhook for a repository'),
  tool('create_repository_webhook', { owner: text, repo: text }, 'Create a webhook for a repository'),
  tool('delete_repository_webhook', { owner: text, repo: text, hook_id: text }, 'Delete a webhook from a repository'),
  tool('get_repository_webhook_config', { owner: text, repo: text, hook_id: text }, 'Get webhook config for a repository webhook'),
  tool(
    'update_repository_webhook_config',
    { owner: text, repo: text, hook_id: text, url: text },
    'Update webhook config for a repository webhook',
  ),
  tool('list_repository_webhook_deliveries', { owner: text, repo: text, hook_id: text }, 'List deliveries for a repository webhook'),
  tool(
    'get_repository_webhook_delivery',
    { owner: text, repo: text, hook_id: text, delivery_id: text },
    'Get a delivery for a repository webhook',
  ),
  tool('list_organization_webhooks', { org: text }, 'List webhooks for an organization'),
  tool('get_organization_webhook', { org: text, hook_id: text }, 'Get a specific webhook for an organization'),
  tool('create_organization_webhook', { org: text }, 'Create a webhook for an organization'),
];

describe('an owner the names write before their entity scopes a type other tools keep', () => {
  it('reads the type after an owner an argument names, and says why', () => {
    const model = readServer([
      ...hooks,
      tool('ping_repository_webhook', { owner: text, repo: text, hook_id: text }, 'Ping a repository webhook'),
      tool('get_organization_webhook_config', { org: text, hook_id: text }, 'Get webhook config for an organization webhook'),
      tool('list_webhook_deliveries', { hook_id: text }, 'List deliveries for a webhook'),
      tool('get_webhook_delivery', { hook_id: text, delivery_id: text }, 'Get a delivery for a webhook'),
      tool('list_organization_webhook_deliveries', { org: text, hook_id: text }, 'List deliveries for an organization webhook'),
      tool(
        'redeliver_organization_webhook_delivery',
        { org: text, hook_id: text, delivery_id: text },
        'Redeliver an organization webhook delivery',
      ),
    ]);
    expect(model.shapes.get('ping_repository_webhook')?.entity).toBe('webhook');
    expect(model.shapes.get('list_organization_webhook_deliveries')?.entity).toBe('webhook_delivery');
    expect(model.shapes.get('redeliver_organization_webhook_delivery')?.entity).toBe('webhook_delivery');
    expect(model.readings.get('redeliver_organization_webhook_delivery')?.why.entity).toMatch(
      /"organization" before webhook delivery is an owner/,
    );
  });

  it('keeps a compound several tools keep where no argument names its first word', () => {
    const model = readServer([
      tool('get_accounts'),
      tool('get_account_transactions', { account_id: text }),
      tool('create_manual_account', { name: text }),
      tool('get_all_manual_accounts'),
      tool('delete_manual_account', { manual_account_id: text }),
      tool('list_manual_entries', { limit: text }),
    ]);
    expect(model.shapes.get('get_all_manual_accounts')?.entity).toBe('manual_account');
  });
});
