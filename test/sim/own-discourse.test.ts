/**
 * A user's community support forum, never tuned on before: the real 32 tools of `@discourse/mcp`
 * 0.3.1 (default toolsets with `--allow_writes`; servers/discourse-mcp-tools.json), driven as a
 * support agent would with no model, through the real MCP SDK client over the real platform (a
 * real SQLite file, `app.fetch` in process).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { describedMock, useSimulatorHarness } from '../support/simulator-harness.js';
import { connectMockClient } from '../support/mock-client.js';
import type { ToolDefinition } from '../../src/domain/registry.js';

let harness: Harness;
useSimulatorHarness('mcpsim-own-discourse-', (started) => (harness = started));

const tools = JSON.parse(readFileSync(new URL('./servers/discourse-mcp-tools.json', import.meta.url), 'utf8')) as ToolDefinition[];

const forum = [
  'The community support forum of Velo Parts, a bicycle parts shop.',
  'People: Maya Okafor (username maya_support, staff, id 2), Jonas Berg (username jonas_b, id 3),',
  'and the customers Anna Schmidt (username anna_s, id 11) and Léa Martin (username lea_m, id 13, suspended).',
  'Categories: Support (id 5), Orders & Shipping (id 6, a subcategory of Support) and Announcements (id 7).',
  'Topics: topic 101 "Brake pads arrived damaged" by anna_s in Orders & Shipping, created 2026-03-02, open, tags shipping;',
  'topic 102 "Where is my order #4471?" by ben_c in Orders & Shipping, created 2026-03-05, closed.',
  'Posts: topic 101 has post 1001 by anna_s (the first post, 2026-03-02) and post 1002 by jonas_b (a reply, 2026-03-03).',
  'A private message 201 "Refund for order #4471" between ben_c and maya_support, created 2026-03-07.',
  'A saved Data Explorer query 1 "Open support topics by category".',
].join('\n');

const velo = { server: '@qa/discourse', displayName: 'Discourse', tools, namespace: 'velo', connection: 'forum' };

const newUser = { username: 'carla_r', email: 'carla@example.com', name: 'Carla Rossi', password: 'long-enough-secret' };

describe('a Discourse support forum driven with no model', () => {
  it('updates the user update_user names by username, as get_user finds it, and keeps the change', async () => {
    const { call, close } = await connectMockClient(harness, { name: 'discourse', tools });
    try {
      expect((await call('discourse_create_user', newUser)).isError).toBe(false);
      expect(
        (await call('discourse_create_user', { ...newUser, username: 'ben_c', email: 'ben@example.com', name: 'Ben Carter' })).isError,
      ).toBe(false);
      const updated = await call('discourse_update_user', { username: 'carla_r', location: 'Milan', title: 'Wheel builder' });
      expect(updated.isError, updated.text).toBe(false);
      expect(updated.json).toMatchObject({ username: 'carla_r', location: 'Milan' });
      expect((await call('discourse_get_user', { username: 'carla_r' })).json).toMatchObject({ name: 'Carla Rossi', location: 'Milan' });
      // The other user is untouched.
      expect((await call('discourse_get_user', { username: 'ben_c' })).json.location).toBeUndefined();
    } finally {
      await close();
    }
  });

  it('answers a not-found for a username no user holds once the forum holds users', async () => {
    const { call, close } = await connectMockClient(harness, { name: 'discourse', tools });
    try {
      expect((await call('discourse_create_user', newUser)).isError).toBe(false);
      const missing = await call('discourse_get_user', { username: 'nobody_here' });
      expect(missing.isError, missing.text).toBe(true);
      expect(missing.text).toContain('nobody_here');
      expect((await call('discourse_get_user', { username: 'CARLA_R' })).json).toMatchObject({ username: 'carla_r' });
    } finally {
      await close();
    }
  });

  it('filters topics by the tags and the date window a TopicsFilter string names, and lists every topic without one', async () => {
    const { call, close } = await connectMockClient(harness, { name: 'discourse', tools });
    const empty = { world: { entities: {}, facts: [] } };
    expect((await harness.call('PUT', '/__mcpsim/connections/lab/discourse/simulation', { body: empty })).status).toBe(200);
    try {
      const early = await call('discourse_create_topic', {
        title: 'Brake pads arrived damaged',
        raw: 'Both pads cracked.',
        tags: ['shipping'],
      });
      expect((await harness.call('POST', '/__mcpsim/clock', { body: { mode: 'virtual' } })).status).toBe(200);
      expect((await harness.call('POST', '/__mcpsim/clock', { body: { advance: '10d' } })).status).toBe(200);
      const late = await call('discourse_create_topic', { title: 'Size exchange for a helmet', raw: 'Need an M.', tags: ['exchange'] });
      const ids = async (filter?: string) =>
        ((await call('discourse_filter_topics', filter === undefined ? {} : { filter })).json.topics as { id: number }[]).map(
          (topic) => topic.id,
        );
      expect(await ids()).toEqual([early.json.id, late.json.id]);
      expect(await ids('tags:shipping')).toEqual([early.json.id]);
      const after = new Date(Date.parse(early.json.created_at) + 86_400_000).toISOString().slice(0, 10);
      expect(await ids(`created-after:${after}`)).toEqual([late.json.id]);
      expect(await ids(`created-before:${after} tags:shipping`)).toEqual([early.json.id]);
      expect(await ids(`created-after:${after} tags:shipping`)).toEqual([]);
    } finally {
      await close();
    }
  });

  it('filters topics by the category a TopicsFilter term names by its name or slug, where topics hold only category_id', async () => {
    const { call, close } = await connectMockClient(harness, { name: 'discourse', tools });
    const empty = { world: { entities: {}, facts: [] } };
    expect((await harness.call('PUT', '/__mcpsim/connections/lab/discourse/simulation', { body: empty })).status).toBe(200);
    try {
      const support = (await call('discourse_create_category', { name: 'Support' })).json;
      const shipping = (await call('discourse_create_category', { name: 'Orders & Shipping', parent_category_id: support.id })).json;
      const helmet = (
        await call('discourse_create_topic', { title: 'Size exchange for a helmet', raw: 'Need an M.', category_id: support.id })
      ).json;
      const pads = (
        await call('discourse_create_topic', { title: 'Brake pads arrived damaged', raw: 'Cracked.', category_id: shipping.id })
      ).json;
      const ids = async (filter: string) =>
        ((await call('discourse_filter_topics', { filter })).json.topics as { id: number }[]).map((topic) => topic.id);
      expect(await ids('category:support')).toEqual([helmet.id]);
      expect(await ids('category:orders-shipping')).toEqual([pads.id]);
    } finally {
      await close();
    }
  });

  it('starts with every record the forum’s description lists, each with the id written beside it', async () => {
    const scenario = forum;
    const call = await describedMock(harness, {
      server: '@qa/discourse',
      displayName: 'Discourse',
      tools,
      namespace: 'velo',
      connection: 'forum',
      scenario,
    });
    expect(await call('discourse_read_topic', { topic_id: 101 })).toMatchObject({
      id: 101,
      title: 'Brake pads arrived damaged',
      category_id: 6,
    });
    expect(await call('discourse_read_topic', { topic_id: 102 })).toMatchObject({ title: 'Where is my order #4471?' });
    expect(await call('discourse_read_post', { post_id: 1002 })).toMatchObject({ id: 1002, topic_id: 101 });
    const posts = (await call('discourse_read_topic', { topic_id: 101 })) as { posts: { id: number }[] };
    expect(posts.posts.map((post) => post.id)).toEqual([1001, 1002]);
    // The one saved query is no place a topic lies in: only discourse_search's text argument shares its word.
    expect(posts).not.toHaveProperty('query');
    const lea = await call('discourse_get_user', { username: 'lea_m' });
    expect(lea).toMatchObject({ id: 13, name: 'Léa Martin' });
    expect(lea).not.toHaveProperty('query');
    const users = (await call('discourse_list_users', {})) as { users: { id: number }[] };
    expect(users.users.map((user) => user.id)).toEqual([2, 3, 11, 13]);
    expect(await call('discourse_read_private_message', { topic_id: 201 })).toMatchObject({ title: 'Refund for order #4471' });
    expect(JSON.stringify(await call('discourse_get_query', { id: 1 }))).toContain('Open support topics by category');
  });

  it('reads saved query 1 by its id, runs it by that id, and answers a not-found for a query the forum lacks', async () => {
    const call = await describedMock(harness, { ...velo, scenario: forum });
    const query = await call('discourse_get_query', { id: 1 });
    expect(query).toMatchObject({ id: 1, name: 'Open support topics by category' });
    expect(query).not.toHaveProperty('queries');
    expect((await call('discourse_get_query', { id: 99 })).error).toContain('99');
    expect((await call('discourse_run_query', { id: 1 })).error).toBeUndefined();
    expect((await call('discourse_run_query', { id: 99 })).error).toContain('99');
  });

  it('puts a reply to private message 201 in that message, and an invited user among its participants', async () => {
    const call = await describedMock(harness, { ...velo, scenario: forum });
    const reply = await call('discourse_reply_private_message', { topic_id: 201, raw: 'Refund issued.' });
    expect(reply).toMatchObject({ topic_id: 201, raw: 'Refund issued.' });
    expect(await call('discourse_read_post', { post_id: reply.id })).toMatchObject({ topic_id: 201 });
    const invited = await call('discourse_invite_to_private_message', { topic_id: 201, username: 'jonas_b' });
    expect(invited).toMatchObject({ id: 201, usernames: ['jonas_b'] });
    const message = await call('discourse_read_private_message', { topic_id: 201 });
    expect(message).toMatchObject({ id: 201, title: 'Refund for order #4471', usernames: ['jonas_b'] });
    expect((message.posts as { id: number }[]).map((post) => post.id)).toEqual([reply.id]);
    // Neither the reply nor the invite made a second conversation.
    expect((await call('discourse_read_private_message', { topic_id: 202 })).error).toBeDefined();
    // The invited user's mailbox holds the message now; a new message is in its recipients' mailboxes, not only its author's.
    const mailbox = async (username: string) =>
      ((await call('discourse_list_private_messages', { username })).private_messages as { id: number }[]).map((pm) => pm.id);
    expect(await mailbox('jonas_b')).toEqual([201]);
    const warranty = await call('discourse_create_private_message', { title: 'Warranty', raw: 'Hi', usernames: ['anna_s'] });
    expect(await mailbox('anna_s')).toEqual([warranty.id]);
    expect(await mailbox('jonas_b')).toEqual([201]);
    expect(await mailbox('lea_m')).toEqual([]);
  });

  it('records the caller as the author of a post they write, and the user author_username names where given', async () => {
    const call = await describedMock(harness, { ...velo, scenario: forum });
    // Discourse has no who-am-I read: the caller is the stand-in every world starts with (caller-alias.ts).
    const mine = await call('discourse_create_post', { topic_id: 101, raw: 'We are sending new pads today.' });
    expect(mine).toMatchObject({ topic_id: 101, author_username: 'ada', username: 'ada' });
    const theirs = await call('discourse_create_post', { topic_id: 101, raw: 'Thanks!', author_username: 'anna_s' });
    expect(theirs).toMatchObject({ author_username: 'anna_s', username: 'anna_s' });
    expect(await call('discourse_read_post', { post_id: mine.id })).toMatchObject({ username: 'ada' });
    const posts = async (username: string) =>
      ((await call('discourse_list_user_posts', { username })).posts as { id: number }[]).map((post) => post.id);
    expect(await posts('ada')).toEqual([mine.id]);
    expect(await posts('anna_s')).toContain(theirs.id);
    expect(await posts('anna_s')).not.toContain(mine.id);
  });

  it('seeds a subcategory under the category the description names as its parent, as create_category(parent_category_id) keeps it', async () => {
    const scenario = [
      'Categories: Support (id 5), Billing (id 6, a subcategory of Support), Orders & Shipping (id 8) and Returns (id 9).',
      'Returns is a subcategory of Orders & Shipping.',
    ].join('\n');
    await describedMock(harness, { ...velo, connection: 'subcategories', scenario });
    const simulation = await harness.call('GET', '/__mcpsim/connections/velo/subcategories/simulation');
    const categories = (simulation.body as { world: { entities: { category: Record<string, Record<string, unknown>> } } }).world.entities
      .category;
    expect(Object.values(categories).map((category) => [category.name, category.parent_category_id])).toEqual([
      ['Support', undefined],
      ['Billing', 5],
      ['Orders & Shipping', undefined],
      ['Returns', 8],
    ]);
  });

  it('seeds each topic closed, pinned or archived as the description says, in the flags Discourse keeps them in', async () => {
    const scenario = [
      forum,
      'More topics: topic 103 "Forum rules" by maya_support in Announcements, pinned;',
      'topic 104 "Old price list" by maya_support in Announcements, created 2025-06-01, archived.',
    ].join('\n');
    const call = await describedMock(harness, { ...velo, connection: 'states', scenario });
    expect(await call('discourse_read_topic', { topic_id: 101 })).toMatchObject({ id: 101, closed: false });
    expect(await call('discourse_read_topic', { topic_id: 102 })).toMatchObject({ id: 102, closed: true });
    expect(await call('discourse_read_topic', { topic_id: 103 })).toMatchObject({ id: 103, pinned: true });
    expect(await call('discourse_read_topic', { topic_id: 104 })).toMatchObject({ id: 104, archived: true, category_id: 7 });
    expect(await call('discourse_get_user', { username: 'lea_m' })).toMatchObject({ suspended: true });
    // The filter reads `status:closed` and `in:pinned` as the flags the description's words set.
    const ids = async (filter: string) =>
      ((await call('discourse_filter_topics', { filter })).topics as { id: number }[]).map((topic) => topic.id);
    expect(await ids('status:closed')).toEqual([102]);
    expect(await ids('in:pinned')).toEqual([103]);
    expect(await ids('status:open')).toEqual([101, 103]);
    expect(await ids('status:archived')).toEqual([104]);
  });
});
