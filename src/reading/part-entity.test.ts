import { describe, expect, it } from 'vitest';
import { tool, text, entities } from './written-tools.test-support.js';

describe('a part noun keeps its owner', () => {
  it('reads the steps of a build as build_step, where no tool names a step alone', () => {
    const tools = [
      tool('get_build', { build_id: text }),
      tool('list_build_steps', { build_id: text }, 'List the steps of a build'),
      tool('get_build_step', { build_id: text, step_id: text }, 'Get one step of a build'),
    ];
    expect(entities(tools)).toMatchObject({ list_build_steps: 'build_step', get_build_step: 'build_step' });
  });

  it('keeps the part alone where a tool names it alone, and a kind of thing after its owner', () => {
    const tools = [
      tool('get_build', { build_id: text }),
      tool('get_build_step', { build_id: text, step_id: text }),
      tool('get_step', { step_id: text }),
      tool('get_invoice', { invoice_id: text }),
      tool('list_invoice_notes', { invoice_id: text }),
    ];
    expect(entities(tools)).toMatchObject({ get_build_step: 'step', list_invoice_notes: 'note' });
  });

  it('reads a verb that is also the owner word (get-list-entries) as the owner', () => {
    const tools = [
      tool('get-lists'),
      tool('get-list-entries', { listId: text }),
      tool('update-list-entry', { listId: text, entryId: text, values: text }),
    ];
    expect(entities(tools)).toMatchObject({ 'get-list-entries': 'list_entry', 'update-list-entry': 'list_entry' });
  });

  it('takes the owner two names share (webhook of organization and repository webhooks), and a whole owner entity', () => {
    const tools = [
      tool('get_repository', { repo: text }),
      tool('get_organization', { org: text }),
      tool('get_repository_webhook', { repo: text, hook_id: text }),
      tool('get_organization_webhook', { org: text, hook_id: text }),
      tool('list_organization_webhook_deliveries', { org: text, hook_id: text }),
      tool('get_merge_request', { mr_iid: text }),
      tool('list_merge_request_versions', { mr_iid: text }),
    ];
    expect(entities(tools)).toMatchObject({
      list_organization_webhook_deliveries: 'webhook_delivery',
      list_merge_request_versions: 'merge_request_version',
    });
  });

  it('leaves a read of one aspect of its owner to the owner', () => {
    const tools = [tool('get_dashboard', { uid: text }), tool('get_dashboard_summary', { uid: text })];
    expect(entities(tools)).toMatchObject({ get_dashboard_summary: 'dashboard' });
  });
});
