/**
 * A user's Twilio Conversations server, driven as the user would with no model: the real 38
 * Conversations tools of `@twilio-alpha/mcp` 0.7.0
 * (servers/twilio-conversations-tools.json, from the corpus) over the real platform (a real SQLite
 * file, `app.fetch` in process). Each tool names what it acts on by a PascalCase `Sid`, its parent by
 * a `ConversationSid`, and Twilio's SIDs are a type's two letters and 32 hex digits.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { mockOnTools, toolAnswers, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-own-twilio-', (started) => (harness = started));

const tools = JSON.parse(readFileSync(new URL('./servers/twilio-conversations-tools.json', import.meta.url), 'utf8')) as unknown[];
const tool = (name: string) => `TwilioConversationsV1--${name}`;

/** A new Twilio mock on an empty world: a caller that fails on an error, and one that answers errors as `{ error }`. */
async function twilio(connection: string) {
  const call = await mockOnTools(harness, { namespace: 'chat', connection: 'twilio', tools });
  return {
    call: (name: string, args: Record<string, unknown>) => call(tool(name), args),
    answer: toolAnswers(harness, `chat/${connection}`),
  };
}

/** A new Twilio mock of the world `description` tells, and a caller of its tools over REST. */
async function described(description: string) {
  await harness.call('PUT', '/servers/@qa/twilio', { body: { displayName: 'Twilio', tools } });
  await harness.call('PUT', '/namespaces/chat');
  const mock = { enabled: true, scenario: description };
  expect((await harness.call('PUT', '/connect/chat/told', { body: { server: '@qa/twilio', mock } })).status).toBe(201);
  return toolAnswers(harness, 'chat/told');
}

describe('a Twilio Conversations server driven with no model', () => {
  it('starts from the conversation its description names, under the sid it gives, with its participants in it', async () => {
    const answer = await described(
      'One conversation, "Order 1042 support" (sid CH00000000000000000000000000000001), with two participants: ' +
        'Ada Lovelace (identity ada) and the agent Grace Hopper (identity grace).',
    );
    const sid = 'CH00000000000000000000000000000001';
    expect(await answer(tool('FetchConversation'), { Sid: sid })).toMatchObject({ sid, friendly_name: 'Order 1042 support' });
    const participants = JSON.stringify(await answer(tool('ListConversationParticipant'), { ConversationSid: sid }));
    expect(participants).toContain('"identity":"ada"');
    expect(participants).toContain('"identity":"grace"');
  });

  it('names each resource by its Sid: an update changes the conversation and a delete removes it', async () => {
    const { call, answer } = await twilio('twilio');
    const made = await call('CreateConversation', { FriendlyName: 'Order 1042 support' });
    const sid = made.sid as string;
    await call('UpdateConversation', { Sid: sid, State: 'closed' });
    expect(await call('FetchConversation', { Sid: sid })).toMatchObject({ sid, state: 'closed' });
    const closed = await call('ListConversation', { State: 'closed' });
    expect(JSON.stringify(closed)).toContain(sid);
    expect((await answer(tool('DeleteConversation'), { Sid: sid })).error).toBeUndefined();
    expect((await answer(tool('FetchConversation'), { Sid: sid })).error).toMatch(/not found/i);
    expect(JSON.stringify(await call('ListConversation', {}))).not.toContain(sid);
  });

  it('answers fields in snake_case, as its descriptions quote them (`unique_name`), though it takes them in PascalCase', async () => {
    const { call } = await twilio('twilio');
    const made = await call('CreateConversation', { FriendlyName: 'Order 1042 support', UniqueName: 'order-1042' });
    expect(made).toMatchObject({ friendly_name: 'Order 1042 support', unique_name: 'order-1042' });
    expect(made.FriendlyName).toBeUndefined();
    const read = await call('FetchConversation', { Sid: made.sid });
    expect(read).toMatchObject({ sid: made.sid, friendly_name: 'Order 1042 support' });
    const part = await call('CreateConversationParticipant', { ConversationSid: made.sid, Identity: 'ada' });
    expect(part).toMatchObject({ conversation_sid: made.sid, identity: 'ada' });
  });

  it('starts a conversation active, as its list filter lists the states, and keeps many messages in one conversation', async () => {
    const { call } = await twilio('twilio');
    const made = await call('CreateConversation', { FriendlyName: 'Order 1042 support' });
    expect(made.state).toBe('active');
    expect(JSON.stringify(await call('ListConversation', { State: 'active' }))).toContain(made.sid);
    await call('CreateConversationMessage', { ConversationSid: made.sid, Author: 'ada', Body: 'Where is my order?' });
    await call('CreateConversationMessage', { ConversationSid: made.sid, Author: 'grace', Body: 'It ships today.' });
    const messages = await call('ListConversationMessage', { ConversationSid: made.sid });
    expect(JSON.stringify(messages)).toContain('It ships today.');
    expect(JSON.stringify(messages)).toContain('Where is my order?');
  });

  it('keeps Attributes, a metadata field, as the text it was given', async () => {
    const { call } = await twilio('twilio');
    const made = await call('CreateConversation', { FriendlyName: 'Order 1042 support', Attributes: '{"vip":true}' });
    expect(made.attributes).toBe('{"vip":true}');
    expect(made.vip).toBeUndefined();
  });

  it('answers a Sid it never made with a not-found, and does not list it afterwards', async () => {
    const { call, answer } = await twilio('twilio');
    const unknown = 'CH00000000000000000000000000000001';
    expect((await answer(tool('FetchConversation'), { Sid: unknown })).error).toMatch(/not found/i);
    expect((await answer(tool('UpdateConversation'), { Sid: unknown, State: 'closed' })).error).toMatch(/not found/i);
    expect(JSON.stringify(await call('ListConversation', {}))).not.toContain(unknown);
  });

  it("makes SIDs of each type's two letters and 32 hex digits, one after another", async () => {
    const { call } = await twilio('twilio');
    const sids: string[] = [];
    for (const name of ['One', 'Two', 'Three']) sids.push((await call('CreateConversation', { FriendlyName: name })).sid as string);
    for (const sid of sids) expect(sid).toMatch(/^CH[0-9a-f]{32}$/);
    const participant = await call('CreateConversationParticipant', { ConversationSid: sids[0], Identity: 'ada' });
    expect(participant.sid).toMatch(/^MB[0-9a-f]{32}$/);
    const message = await call('CreateConversationMessage', { ConversationSid: sids[0], Author: 'ada', Body: 'Hello' });
    expect(message.sid).toMatch(/^IM[0-9a-f]{32}$/);
  });

  it('keeps participants under the conversation their ConversationSid names', async () => {
    const { call, answer } = await twilio('twilio');
    const first = (await call('CreateConversation', { FriendlyName: 'First' })).sid as string;
    const second = (await call('CreateConversation', { FriendlyName: 'Second' })).sid as string;
    const ada = await call('CreateConversationParticipant', { ConversationSid: first, Identity: 'ada' });
    expect(JSON.stringify(await call('ListConversationParticipant', { ConversationSid: first }))).toContain(ada.sid);
    expect(JSON.stringify(await call('ListConversationParticipant', { ConversationSid: second }))).not.toContain(ada.sid);
    expect((await answer(tool('DeleteConversationParticipant'), { ConversationSid: first, Sid: ada.sid })).error).toBeUndefined();
    expect(JSON.stringify(await call('ListConversationParticipant', { ConversationSid: first }))).not.toContain(ada.sid);
  });

  it('fetches a conversation by the unique_name its Sid may be given as, and stamps date_created on what it creates', async () => {
    const { call, answer } = await twilio('twilio');
    const made = await call('CreateConversation', { FriendlyName: 'Order 1042 support', UniqueName: 'order-1042' });
    expect(made.date_created).toBe('2026-01-01T00:00:00.000Z');
    expect(await call('FetchConversation', { Sid: 'order-1042' })).toMatchObject({ sid: made.sid, unique_name: 'order-1042' });
    expect((await answer(tool('FetchConversation'), { Sid: 'order-9999' })).error).toMatch(/not found/i);
    const message = await call('CreateConversationMessage', { ConversationSid: made.sid, Author: 'ada', Body: 'Hello' });
    expect(message.date_created).toEqual(expect.any(String));
  });
});
