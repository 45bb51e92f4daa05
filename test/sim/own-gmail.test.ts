/**
 * A user's Gmail server, driven as the user would with no model: the real 13 Gmail tools of
 * `@a-bonus/google-docs-mcp` 1.11.3 started with `MCP_TOOL_GROUPS=gmail`
 * (servers/google-docs-mcp-gmail-tools.json), over the real platform (a real SQLite file,
 * `app.fetch` in process). Gmail keeps a message's state in its labels: `modifyMessageLabels`
 * stars (add STARRED), marks read (remove UNREAD) and archives (remove INBOX).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { mockOnTools, toolAnswers, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-own-gmail-', (started) => (harness = started));

const tools = JSON.parse(readFileSync(new URL('./servers/google-docs-mcp-gmail-tools.json', import.meta.url), 'utf8')) as unknown[];

/** A Gmail mock whose world holds two inbox messages, one of them unread. */
async function gmail() {
  const call = await mockOnTools(harness, { namespace: 'mail', connection: 'gmail', tools });
  const message = (subject: string, labelIds: string[], date: string) => ({ subject, from: 'priya@acmeprint.com', labelIds, date });
  const world = {
    entities: {
      message: {
        '18f0a1b2c3d4e5f6': message('Invoice 4471', ['INBOX', 'UNREAD'], '2026-06-02T09:14:00Z'),
        '18f0a1b2c3d4e5f7': message('Lease renewal', ['INBOX'], '2026-05-28T16:05:00Z'),
      },
    },
    facts: [],
  };
  expect((await harness.call('PUT', '/__mcpsim/connections/mail/gmail/simulation', { body: { world } })).status).toBe(200);
  return { call, answer: toolAnswers(harness, 'mail/gmail') };
}

describe('a Gmail server driven with no model', () => {
  it('stars and marks a message read by editing its labelIds, and takes the star back off', async () => {
    const { call } = await gmail();
    const changed = await call('modifyMessageLabels', {
      messageId: '18f0a1b2c3d4e5f6',
      addLabelIds: ['STARRED'],
      removeLabelIds: ['UNREAD'],
    });
    expect(changed.addLabelIds).toBeUndefined();
    expect(changed.removeLabelIds).toBeUndefined();
    expect((await call('getMessage', { messageId: '18f0a1b2c3d4e5f6' })).labelIds).toEqual(['INBOX', 'STARRED']);
    await call('modifyMessageLabels', { messageId: '18f0a1b2c3d4e5f6', removeLabelIds: ['STARRED'] });
    expect((await call('getMessage', { messageId: '18f0a1b2c3d4e5f6' })).labelIds).toEqual(['INBOX']);
  });

  it('archives a message out of the INBOX label filter and leaves the other in it', async () => {
    const { call } = await gmail();
    await call('modifyMessageLabels', { messageId: '18f0a1b2c3d4e5f7', removeLabelIds: ['INBOX'] });
    const inbox = JSON.stringify(await call('listMessages', { labelIds: ['INBOX'] }));
    expect(inbox).toContain('18f0a1b2c3d4e5f6');
    expect(inbox).not.toContain('18f0a1b2c3d4e5f7');
  });

  it('searches with Gmail terms: is:unread by the UNREAD label, after: and before: by the message date', async () => {
    const { call } = await gmail();
    const ids = async (q: string) => JSON.stringify(await call('listMessages', { q }));
    expect(await ids('is:unread')).toContain('18f0a1b2c3d4e5f6');
    expect(await ids('is:unread')).not.toContain('18f0a1b2c3d4e5f7');
    await call('modifyMessageLabels', { messageId: '18f0a1b2c3d4e5f6', removeLabelIds: ['UNREAD'] });
    expect(await ids('is:unread')).not.toContain('18f0a1b2c3d4e5f6');
    expect(await ids('after:2026/06/01')).toContain('18f0a1b2c3d4e5f6');
    expect(await ids('after:2026/06/01')).not.toContain('18f0a1b2c3d4e5f7');
    expect(await ids('after:2026/05/01 before:2026/06/01')).not.toContain('18f0a1b2c3d4e5f6');
    expect(await ids('after:2026/05/01 before:2026/06/01')).toContain('18f0a1b2c3d4e5f7');
  });

  it('answers a message it never had with a not-found', async () => {
    const { answer } = await gmail();
    expect((await answer('modifyMessageLabels', { messageId: '0000000000000000', addLabelIds: ['STARRED'] })).error).toMatch(/not found/i);
  });
});
