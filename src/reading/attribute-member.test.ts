import { describe, expect, it } from 'vitest';
import { inferServerShapes } from './tool-operation.js';
import { tool, text } from './written-tools.test-support.js';

const shapesOf = (tools: Parameters<typeof inferServerShapes>[0]) => inferServerShapes(tools);

describe('a person or tag put on a thing updates the thing', () => {
  const board = [
    tool('get_card', { cardId: text }),
    tool('update_card', { cardId: text, name: text }),
    tool('get_member', { memberId: text }),
    tool('list_issues', {}),
    tool('get_issue', { issueId: text }),
    tool('get_cycle', { cycleId: text }),
  ];

  it('reads assign_member_to_card and remove_member_from_card as updates of the card, by its id', () => {
    const shapes = shapesOf([
      ...board,
      tool('assign_member_to_card', { cardId: text, memberId: text }, 'Assign a member to a card'),
      tool('remove_member_from_card', { cardId: text, memberId: text }, 'Remove a member from a card'),
    ]);
    expect(shapes.get('assign_member_to_card')).toMatchObject({
      operation: 'update',
      entity: 'card',
      idArgument: 'cardId',
      listField: { field: 'member_ids', argument: 'memberId', remove: false },
    });
    expect(shapes.get('remove_member_from_card')).toMatchObject({ entity: 'card', idArgument: 'cardId', listField: { remove: true } });
  });

  it('keeps a thing added to a collection as the thing updated (add_issue_to_cycle)', () => {
    const shapes = shapesOf([...board, tool('add_issue_to_cycle', { cycleId: text, issueId: text }, 'Add an issue to a cycle')]);
    expect(shapes.get('add_issue_to_cycle')).toMatchObject({ entity: 'issue', idArgument: 'issueId', listField: { field: 'cycle_ids' } });
  });

  it('reads an assignment of the current user by a story id as an update of the story', () => {
    const shapes = shapesOf([
      tool('stories-get-by-id', { storyPublicId: text }, 'Get a story by its public ID'),
      tool('stories-update', { storyPublicId: text, name: text }, 'Update a story'),
      tool('users-get-current', {}, 'Get the current user'),
      tool('users-list', {}, 'List users'),
      tool('epics-get-by-id', { epicPublicId: text }, 'Get an epic by its public ID'),
      tool('epics-update', { epicPublicId: text, name: text }, 'Update an epic'),
      tool('stories-assign-current-user', { storyPublicId: text }, 'Assign current user as story owner.'),
    ]);
    expect(shapes.get('stories-assign-current-user')).toMatchObject({ operation: 'update', entity: 'story', idArgument: 'storyPublicId' });
  });
});
