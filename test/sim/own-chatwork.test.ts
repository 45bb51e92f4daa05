/**
 * A user's Chatwork server, driven as the user would with no model: the real 31 tools of
 * `@chatwork/mcp-server` 0.0.4 (servers/chatwork-tools.json, from the corpus), each taking its
 * request's parts (`path: {room_id}`, `body: {...}`), over the real platform (a real SQLite file,
 * `app.fetch` in process). Chatwork answers each record's id under its own name (`room_id`,
 * `message_id`, `task_id`, the caller's `account_id`), as its API reference shows.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { mockOnTools, toolAnswers, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-own-chatwork-', (started) => (harness = started));

const tools = JSON.parse(readFileSync(new URL('./servers/chatwork-tools.json', import.meta.url), 'utf8')) as unknown[];

/** A new Chatwork mock on an empty world: a caller that fails on an error, and one that answers errors as `{ error }`. */
async function chatwork() {
  const call = await mockOnTools(harness, { namespace: 'chat', connection: 'chatwork', tools });
  return { call, answer: toolAnswers(harness, 'chat/chatwork') };
}

describe('a Chatwork server driven with no model', () => {
  it('answers a new room under its room_id, which every room tool then takes as the integer it asks for', async () => {
    const { call } = await chatwork();
    const room = await call('create_room', { body: { name: 'Release 2.4 war room', members_admin_ids: '1' } });
    expect(room.id).toBeUndefined();
    expect(Number.isInteger(room.room_id)).toBe(true);
    expect(await call('get_room', { path: { room_id: room.room_id } })).toMatchObject({
      room_id: room.room_id,
      name: 'Release 2.4 war room',
    });
    expect(JSON.stringify(await call('list_rooms', {}))).toContain(`"room_id":${room.room_id}`);
  });

  it('posts, reads and deletes a message by its message_id under the room', async () => {
    const { call, answer } = await chatwork();
    const room = await call('create_room', { body: { name: 'Ops', members_admin_ids: '1' } });
    const path = { room_id: room.room_id };
    const posted = await call('post_room_message', { path, body: { body: 'Code freeze starts Friday.' } });
    expect(typeof posted.message_id).toBe('string');
    expect(await call('get_room_message', { path: { ...path, message_id: posted.message_id } })).toMatchObject({
      body: 'Code freeze starts Friday.',
    });
    await answer('delete_room_message', { path: { ...path, message_id: posted.message_id } });
    expect((await answer('get_room_message', { path: { ...path, message_id: posted.message_id } })).error).toMatch(/not found/i);
  });

  it('answers a room it never made with a not-found', async () => {
    const { answer } = await chatwork();
    expect((await answer('get_room', { path: { room_id: 987654321 } })).error).toMatch(/not found/i);
  });

  it('answers the caller under an account_id', async () => {
    const { call } = await chatwork();
    const me = await call('get_me', {});
    expect(me.account_id).toBeDefined();
    expect(me.id).toBeUndefined();
  });
});
