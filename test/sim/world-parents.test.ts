/**
 * Parent references over the real platform (a real SQLite file, `app.fetch` in process): a child
 * created, read or listed under a parent the world does not hold is a not-found of the parent,
 * once the world knows the parent's type; from an empty world (or one holding only the made-up
 * examples a new mock starts with) every parent is news, and the child is made.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-parents-', (started) => (harness = started));

async function callTool(connection: string, tool: string, args: Record<string, unknown> = {}) {
  const response = await harness.call('POST', `/connect/${connection}/.tools/${tool}`, { body: args });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return { isError: response.body.isError === true, text: response.body.content[0].text as string };
}

/** A new mock of a catalog server; with `world`, that world instead of the one a new mock starts from. */
async function mock(connection: string, server: string, world?: Record<string, unknown>) {
  const [namespace, id] = connection.split('/');
  await harness.call('PUT', `/namespaces/${namespace}`);
  expect((await harness.call('PUT', `/connect/${namespace}/${id}`, { body: { server, mock: { enabled: true } } })).status).toBe(201);
  if (world)
    expect((await harness.call('PUT', `/__mcpsim/connections/${namespace}/${id}/simulation`, { body: { world } })).status).toBe(200);
}

const widgets = { owner: 'acme', repo: 'widgets' };

describe('parent references', () => {
  it('makes a comment under any issue in an empty world, and refuses one under a missing issue once issues exist', async () => {
    await mock('lab/gh', '@github/github-mcp-server', { entities: {}, facts: [] });
    expect(await callTool('lab/gh', 'add_issue_comment', { ...widgets, issue_number: 7, body: 'First!' })).toMatchObject({
      isError: false,
    });

    await callTool('lab/gh', 'issue_write', { method: 'create', ...widgets, title: 'Flaky login test' });
    expect(await callTool('lab/gh', 'add_issue_comment', { ...widgets, issue_number: 99, body: 'Lost' })).toEqual({
      isError: true,
      text: 'Issue 99 not found',
    });
    expect(await callTool('lab/gh', 'add_issue_comment', { ...widgets, issue_number: 1, body: 'Seen it too' })).toMatchObject({
      isError: false,
    });
  });

  it('checks a channel a seeded world holds on a post and a history read, in the words a read of it uses', async () => {
    await mock('lab/slack', '@modelcontextprotocol/slack', { entities: { channel: { C0GENERAL: { name: 'general' } } }, facts: [] });
    const posted = await callTool('lab/slack', 'slack_post_message', { channel_id: 'C0GENERAL', text: 'Deploy finished' });
    expect(posted.isError).toBe(false);
    expect(await callTool('lab/slack', 'slack_post_message', { channel_id: 'C0NOWHERE', text: 'Hello?' })).toEqual({
      isError: true,
      text: 'Channel C0NOWHERE not found',
    });
    expect(await callTool('lab/slack', 'slack_get_channel_history', { channel_id: 'C0NOWHERE' })).toEqual({
      isError: true,
      text: 'Channel C0NOWHERE not found',
    });
  });

  it('does not hold a call to the made-up examples a new mock starts with', async () => {
    await mock('lab/slack', '@modelcontextprotocol/slack');
    const world = await harness.call('GET', '/__mcpsim/connections/lab/slack/memory');
    expect(Object.keys(world.body.world.entities)).toContain('channel');
    expect(await callTool('lab/slack', 'slack_post_message', { channel_id: 'C024BE91L', text: 'Deploy finished' })).toMatchObject({
      isError: false,
    });
  });
});
