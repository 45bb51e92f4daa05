/**
 * The records a service already holds, as a first look at them finds them, over the real platform
 * (a real SQLite file, `app.fetch` in process), with no model: a mailbox's emails found by a
 * search are in the mailbox the search named and the first carries the subject searched for; a
 * move to another mailbox takes an email out of the first and into the other.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { mockOnTools, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-service-records-', (started) => (harness = started));

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });
const text = { type: 'string' };
const integer = { type: 'integer' };

describe('records a first search finds, and where a move takes them', () => {
  const tools = [
    {
      name: 'search_emails',
      description: 'Search emails in a mailbox by subject.',
      inputSchema: object({ mailbox: text, subjectQuery: text, limit: integer }, ['mailbox']),
    },
    { name: 'read_inbox', description: 'List the emails of a mailbox.', inputSchema: object({ mailbox: text }, ['mailbox']) },
    {
      name: 'move_email',
      description: 'Move an email to another mailbox.',
      inputSchema: object({ uid: integer, sourceMailbox: text, targetMailbox: text }, ['uid', 'targetMailbox']),
    },
  ];

  it('finds the subject searched for in the mailbox named, and moves the email to the target mailbox', async () => {
    const call = await mockOnTools(harness, { namespace: 'mail', connection: 'imap', tools });
    const found = await call('search_emails', { mailbox: 'INBOX', subjectQuery: 'Your order has shipped' });
    const [first, ...others] = found.emails as Record<string, unknown>[];
    expect(first).toMatchObject({ mailbox: 'INBOX', subject: 'Your order has shipped' });
    expect(others.every((email) => email.mailbox === 'INBOX' && email.subject === undefined)).toBe(true);

    const moved = await call('move_email', { uid: first!.uid, sourceMailbox: 'INBOX', targetMailbox: 'Receipts' });
    expect(moved).toMatchObject({ uid: first!.uid, mailbox: 'Receipts' });
    expect(moved).not.toHaveProperty('targetMailbox');
    expect(moved).not.toHaveProperty('sourceMailbox');
    const receipts = await call('read_inbox', { mailbox: 'Receipts' });
    expect(receipts.emails.map((email: { subject?: string }) => email.subject)).toEqual(['Your order has shipped']);
    const inbox = await call('read_inbox', { mailbox: 'INBOX' });
    expect(inbox.emails.map((email: { uid: number }) => email.uid)).not.toContain(first!.uid);
  });
});
