/**
 * A user's Gmail described in words, driven as the user would with no model: the real 13 Gmail
 * tools of `@a-bonus/google-docs-mcp` 1.11.3 (servers/google-docs-mcp-gmail-tools.json), over the
 * real platform. The description lists mail as people write it (who it is from, its subject in
 * quotes, its day and marks), and the reads find those messages, threads and drafts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { describedMock, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-own-gmail-described-', (started) => (harness = started));

const tools = JSON.parse(readFileSync(new URL('./servers/google-docs-mcp-gmail-tools.json', import.meta.url), 'utf8')) as unknown[];
const scenario = [
  "Maya Chen's Gmail inbox (maya@acme.io).",
  "Inbox: an unread message from Priya Shah <priya@acme.io> 'Q3 invoice overdue' received Nov 20 about invoice 2231;",
  'a starred thread with Leo Park <leo@acme.io> about the offsite (2 messages);',
  "a draft to ops@acme.io 'Weekly report'.",
  'Labels: Receipts, Travel.',
].join(' ');

const gmail = () =>
  describedMock(harness, { server: '@qa/gmail', displayName: 'Gmail', tools, namespace: 'mail', connection: 'gmail', scenario });

describe('a Gmail described in words', () => {
  it('lists, searches and reads the messages the description lists, with their sender, subject, day and labels', async () => {
    const call = await gmail();
    const unread = (await call('listMessages', { q: 'is:unread' })).messages;
    expect(unread).toEqual([
      expect.objectContaining({ from: 'Priya Shah <priya@acme.io>', subject: 'Q3 invoice overdue', labelIds: ['INBOX', 'UNREAD'] }),
    ]);
    const invoice = await call('getMessage', { messageId: unread[0].id });
    expect(invoice).toMatchObject({ to: 'Maya Chen <maya@acme.io>', snippet: 'invoice 2231', date: '2025-11-20T09:00:00.000Z' });
    expect((await call('listMessages', { q: 'from:priya@acme.io' })).messages.map((message: { id: string }) => message.id)).toEqual([
      unread[0].id,
    ]);
  });

  it('seeds a described thread as messages sharing one threadId, the last one starred', async () => {
    const call = await gmail();
    const thread = (await call('listMessages', {})).messages.filter((message: { subject: string }) => /Offsite/.test(message.subject));
    expect(thread).toHaveLength(2);
    expect(new Set(thread.map((message: { threadId: string }) => message.threadId)).size).toBe(1);
    expect(thread.map((message: { from: string }) => message.from)).toEqual(['Leo Park <leo@acme.io>', 'Maya Chen <maya@acme.io>']);
    expect((await call('listMessages', { q: 'is:starred' })).messages.map((message: { subject: string }) => message.subject)).toEqual([
      'Re: Offsite',
    ]);
  });

  it('lists the described draft among the drafts', async () => {
    const call = await gmail();
    expect((await call('listDrafts', {})).drafts).toEqual([expect.objectContaining({ to: 'ops@acme.io', subject: 'Weekly report' })]);
  });

  it('lists the system labels by their names as ids beside the described user labels', async () => {
    const call = await gmail();
    const labels = (await call('listLabels', {})).labels as { id: string; name: string; type: string }[];
    for (const name of ['INBOX', 'UNREAD', 'STARRED', 'SENT', 'TRASH', 'DRAFT', 'SPAM', 'IMPORTANT'])
      expect(labels).toContainEqual({ id: name, name, type: 'system' });
    expect(labels.filter((label) => label.type === 'user').map((label) => label.name)).toEqual(['Receipts', 'Travel']);
  });

  it("sends mail from the mailbox's owner the description names, sent straight away or drafted first", async () => {
    const call = await gmail();
    const sent = await call('sendEmail', { to: 'leo@acme.io', subject: 'Agenda', body: 'Draft agenda attached.' });
    expect(sent).toMatchObject({ from: 'Maya Chen <maya@acme.io>', to: 'leo@acme.io' });
    expect(await call('getMessage', { messageId: sent.id })).toMatchObject({ from: 'Maya Chen <maya@acme.io>' });
    const draft = await call('createDraft', { to: 'priya@acme.io', subject: 'Invoice 2231', body: 'Paid today.' });
    expect(draft).toMatchObject({ from: 'Maya Chen <maya@acme.io>' });
    const fromDraft = await call('sendDraft', { draftId: draft.id });
    expect(fromDraft).toMatchObject({ from: 'Maya Chen <maya@acme.io>', subject: 'Invoice 2231', labelIds: ['SENT'] });
  });

  it('sends an email as a message in SENT that the message reads list, and a reply joins the thread it answers', async () => {
    const call = await gmail();
    const sent = await call('sendEmail', { to: 'leo@acme.io', subject: 'Agenda', body: 'Draft agenda attached.' });
    const inSent = (await call('listMessages', { labelIds: ['SENT'] })).messages;
    expect(inSent).toContainEqual(expect.objectContaining({ id: sent.id, subject: 'Agenda', labelIds: ['SENT'], threadId: sent.id }));
    expect(await call('getMessage', { messageId: sent.id })).toMatchObject({ to: 'leo@acme.io', body: 'Draft agenda attached.' });
    const leo = (await call('listMessages', { q: 'from:leo@acme.io' })).messages[0];
    const reply = await call('sendEmail', { to: 'leo@acme.io', subject: 'Re: Offsite', body: 'Works for me.', replyToMessageId: leo.id });
    expect(reply.threadId).toBe(leo.threadId);
  });

  it('sends a draft: it leaves the drafts and its message is in SENT', async () => {
    const call = await gmail();
    const [draft] = (await call('listDrafts', {})).drafts;
    await call('sendDraft', { draftId: draft.id });
    expect((await call('listDrafts', {})).drafts).toEqual([]);
    expect((await call('listMessages', { q: 'in:sent' })).messages).toContainEqual(
      expect.objectContaining({ to: 'ops@acme.io', subject: 'Weekly report', labelIds: ['SENT'] }),
    );
  });

  it('moves a trashed message to TRASH, out of the default list and found by in:trash, and keeps the others', async () => {
    const call = await gmail();
    const [invoice] = (await call('listMessages', { q: 'is:unread' })).messages;
    await call('trashMessage', { messageId: invoice.id });
    const ids = async (args: Record<string, unknown>) =>
      (await call('listMessages', args)).messages.map((message: { id: string }) => message.id);
    expect(await ids({})).not.toContain(invoice.id);
    expect(await ids({})).toHaveLength(2);
    expect(await ids({ q: 'in:trash' })).toEqual([invoice.id]);
    expect(await ids({ includeSpamTrash: true })).toContain(invoice.id);
    expect((await call('getMessage', { messageId: invoice.id })).labelIds).toEqual(['UNREAD', 'TRASH']);
  });

  it("untrashes a message back into the inbox, where a server offers the Gmail API's untrash beside trash", async () => {
    const untrash = {
      name: 'untrashMessage',
      description: 'Removes a Gmail message from Trash (users.messages.untrash).',
      inputSchema: {
        type: 'object',
        properties: { messageId: { type: 'string', description: 'The Gmail message ID.' } },
        required: ['messageId'],
      },
    };
    const call = await describedMock(harness, {
      server: '@qa/gmail-untrash',
      displayName: 'Gmail',
      tools: [...tools, untrash],
      namespace: 'mail',
      connection: 'gmail',
      scenario,
    });
    const [invoice] = (await call('listMessages', { q: 'is:unread' })).messages;
    await call('trashMessage', { messageId: invoice.id });
    await call('untrashMessage', { messageId: invoice.id });
    expect((await call('getMessage', { messageId: invoice.id })).labelIds).toEqual(['INBOX', 'UNREAD']);
    expect((await call('listMessages', {})).messages.map((message: { id: string }) => message.id)).toContain(invoice.id);
  });
});
