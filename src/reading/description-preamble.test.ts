import { describe, expect, it } from 'vitest';
import { readServer } from './read-server.js';
import { toDescriptionPreamble, withoutPreamble } from './description-preamble.js';
import { tool, text } from './written-tools.test-support.js';

const preamble = 'Acme - Chat: This is the public Acme REST API. ';

describe('the sentences every tool description of a server opens with', () => {
  it('are the preamble, up to the end of the last whole sentence they share', () => {
    const tools = [tool('a', {}, `${preamble}Create a new conversation`), tool('b', {}, `${preamble}Create a message`)];
    expect(toDescriptionPreamble(tools)).toBe(preamble);
    expect(withoutPreamble(tools[0]!, preamble).description).toBe('Create a new conversation');
  });

  it('are none where the tools share only words, no whole sentence, or where one tool has nothing else to say', () => {
    expect(toDescriptionPreamble([tool('a', {}, 'Use this to list users'), tool('b', {}, 'Use this to get a user')])).toBe('');
    expect(toDescriptionPreamble([tool('a', {}, 'Acme API. List users'), tool('b', {}, 'Acme API. ')])).toBe('');
    expect(toDescriptionPreamble([tool('a', {}, 'Acme API. List users')])).toBe('');
  });

  it("lets the first sentence of the tool's own words place its entity in an owner an argument names", () => {
    const conversation = { ChatServiceSid: text, Sid: text };
    const tools = [
      tool('ChatV1--CreateConversation', { FriendlyName: text }, `${preamble}Create a new conversation`),
      tool('ChatV1--FetchConversation', { Sid: text }, `${preamble}Fetch a conversation`),
      tool('ChatV1--FetchServiceConversation', conversation, `${preamble}Fetch a conversation from your service`),
      tool('ChatV1--ListServiceConversation', { ChatServiceSid: text }, `${preamble}Retrieve a list of conversations in your service`),
    ];
    const shapes = readServer(tools).shapes;
    expect(shapes.get('ChatV1--FetchServiceConversation')?.entity).toBe('conversation');
    expect(shapes.get('ChatV1--ListServiceConversation')?.entity).toBe('conversation');
    // Where the tool's own words name no owner, the compound stays.
    const plain = tools.map((one) => ({ ...one, description: one.description!.replace(/ (in|from) your service/, '') }));
    expect(readServer(plain).shapes.get('ChatV1--FetchServiceConversation')?.entity).toBe('service_conversation');
  });
});
