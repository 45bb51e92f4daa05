import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { readServer } from './read-server.js';
import { toDescribedWorld } from './described-world.js';

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object' as const, properties, required });
const text = { type: 'string' };
/** An Outlook-shaped mailbox (Microsoft Graph's words): a read mark and a flag, no labels. */
const outlookTools: ToolDefinition[] = [
  {
    name: 'list_emails',
    description: 'List emails in a mail folder. Each has id, subject, from, toRecipients, receivedDateTime, bodyPreview, isRead.',
    inputSchema: object({ folder: text, search: text }),
  },
  { name: 'get_email', description: 'Get one email with its body.', inputSchema: object({ email_id: text }, ['email_id']) },
  { name: 'send_email', description: 'Send an email.', inputSchema: object({ to: text, subject: text, body: text }, ['to', 'subject']) },
];
/** A chat: its messages have no subject, so they are not mail. */
const chatTools: ToolDefinition[] = [
  { name: 'list_messages', description: 'List the messages of a channel.', inputSchema: object({ channel_id: text }, ['channel_id']) },
  { name: 'post_message', description: 'Post a message.', inputSchema: object({ channel_id: text, text }, ['channel_id', 'text']) },
];
const records = (world: ReturnType<typeof toDescribedWorld>, type: string) => Object.values(world.entities[type] ?? {});

describe('mail a description lists', () => {
  it('seeds an Outlook-shaped message in the fields its tools name: the read mark, the received time, the preview', () => {
    const world = toDescribedWorld(
      readServer(outlookTools),
      "Sam Ortiz's mailbox (sam@brightline.bike). Inbox: an unread email from Ana Souza <ana@harbor.io> 'Frame order 88' received March 3 about the delivery date.",
      '2026-05-04T10:00:00Z',
    );
    expect(records(world, 'email')).toEqual([
      expect.objectContaining({
        from: 'Ana Souza <ana@harbor.io>',
        to: 'Sam Ortiz <sam@brightline.bike>',
        subject: 'Frame order 88',
        bodyPreview: 'delivery date',
        receivedDateTime: '2026-03-03T09:00:00.000Z',
        isRead: false,
        folder: 'inbox',
      }),
    ]);
  });

  it('seeds nothing for a chat whose messages have no subject', () => {
    const world = toDescribedWorld(readServer(chatTools), 'Channels: general. A message from Leo Park about the deploy.');
    expect(records(world, 'message')).toEqual([]);
  });
});
