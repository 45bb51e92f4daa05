import { describe, expect, it } from 'vitest';
import { readServer } from './read-server.js';
import { tool, text } from './written-tools.test-support.js';

/** A small board service: cards, and attachments a tool reads by id. */
const board = [
  tool('create_card', { title: text }),
  tool('get_card', { card_id: text }),
  tool('get_attachment', { card_id: text, attachment_id: text }, 'Get one attachment of a card'),
];

describe("a create named for its verb makes one of the verb's noun, where the server keeps that type", () => {
  it('reads attaching a photo to a card as making an attachment, and says why', () => {
    const model = readServer([...board, tool('attach_photo_to_card', { card_id: text, photo_url: text }, 'Attach a photo to a card')]);
    expect(model.shapes.get('attach_photo_to_card')?.entity).toBe('attachment');
    expect(model.readings.get('attach_photo_to_card')?.why.entity).toMatch(
      /verb "attach" is the action of making the server's type attachment/,
    );
  });

  it("keeps the name's object where no tool keeps the verb's noun", () => {
    const model = readServer([
      ...board.slice(0, 2),
      tool('attach_photo_to_card', { card_id: text, photo_url: text }, 'Attach a photo to a card'),
    ]);
    expect(model.shapes.get('attach_photo_to_card')?.entity).not.toBe('attachment');
  });

  it('leaves an action on a kept type alone: subscribing to a card acts on the card', () => {
    const model = readServer([
      ...board,
      tool('list_subscriptions', {}, 'List your subscriptions'),
      tool('subscribe_to_card', { card_id: text }, 'Subscribe to a card'),
    ]);
    expect(model.shapes.get('subscribe_to_card')?.entity).toBe('card');
  });
});
