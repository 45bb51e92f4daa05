import { describe, expect, it } from 'vitest';
import { knownIdPattern } from './service-id-formats.js';
import { toTypeSpellings } from './type-spellings.js';

const shapes = (entities: Record<string, string>) => new Map(Object.entries(entities).map(([name, entity]) => [name, { entity }]));

describe('toTypeSpellings', () => {
  it('gives the words the tool names put before the type, longest first', () => {
    const tools = [
      { name: 'TwilioConversationsV1--CreateConversationMessage' },
      { name: 'TwilioConversationsV1--ListServiceConversationMessage' },
    ];
    const spellings = toTypeSpellings(tools, shapes({ [tools[0]!.name]: 'message', [tools[1]!.name]: 'message' }), 'message');
    expect(spellings).toEqual(['service_conversation_message', 'create_conversation_message', 'conversation_message']);
  });

  it('gives nothing for a type its tools name alone or not at all', () => {
    expect(
      toTypeSpellings(
        [{ name: 'send_message' }, { name: 'list_rooms' }],
        shapes({ send_message: 'message', list_rooms: 'room' }),
        'message',
      ),
    ).toEqual(['send_message']);
    expect(toTypeSpellings([{ name: 'message' }], shapes({ message: 'message' }), 'message')).toEqual([]);
  });
});

describe('knownIdPattern with the tools spellings', () => {
  it("takes the service's id of the longer spelling before the type's own", () => {
    expect(knownIdPattern(['@twilio-alpha/mcp'], 'message', () => ['conversation_message'])).toBe('^(?:IM[0-9a-f]{32})$');
    expect(knownIdPattern(['@twilio-alpha/mcp'], 'message')).toBe('^(?:SM[0-9a-f]{32})$');
  });
});
