import { describe, expect, it } from 'vitest';
import { readServer } from './read-server.js';
import { tool, text } from './written-tools.test-support.js';

const kinds = (tools: ReturnType<typeof tool>[]) => {
  const model = readServer(tools);
  return Object.fromEntries(tools.map(({ name }) => [name, `${model.kindOf(name).kind} ${model.shapes.get(name)!.entity}`]));
};

describe('a name written resource first, method last', () => {
  it('reads a standard method that is never a noun as the verb, though the resource word is a verb too', () => {
    expect(
      kinds([
        tool('schedule_get', { schedule_id: text }),
        tool('schedule_create', { name: text }),
        tool('book_delete', { book_id: text }),
        tool('transfer_get', { transfer_id: text }),
      ]),
    ).toEqual({
      schedule_get: 'read schedule',
      schedule_create: 'create schedule',
      book_delete: 'delete book',
      transfer_get: 'read transfer',
    });
  });

  it('reads `list` and `update` last as the method only where the server uses the first word as a noun', () => {
    const labels = kinds([
      tool('label_list', {}),
      tool('label_update', { label_id: text, name: text }),
      tool('get_label', { label_id: text }),
    ]);
    expect([labels.label_list, labels.label_update]).toEqual(['list label', 'update label']);
    // No tool names a `watch`: `watch_list` watches a list, as `create_list` creates one.
    const lists = kinds([tool('watch_list', { list_id: text }), tool('create_list', { name: text }), tool('get_list', { list_id: text })]);
    expect([lists.watch_list, lists.create_list]).toEqual(['update list', 'create list']);
  });
});
