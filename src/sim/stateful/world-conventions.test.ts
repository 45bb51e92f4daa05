import { describe, expect, it } from 'vitest';
import type { WorldState } from '../../domain/memory-log.js';
import type { ToolDefinition } from '../../domain/registry.js';
import { readServer } from '../../reading/read-server.js';
import { answerFromWorld } from './world-answers.js';
import { scopeArguments, toFilterArgument, type AnswerInput } from './world-conventions.js';

const tool = (name: string, description: string, properties: string[], required = properties): ToolDefinition => ({
  name,
  description,
  inputSchema: { type: 'object', properties: Object.fromEntries(properties.map((name) => [name, { type: 'string' }])), required },
});

/** A tracker whose issues live in a project: every issue tool names the project, and only the issue id says which. */
const tracker = [
  tool('get_project', 'Get a project', ['project_id']),
  tool('list_issues', 'List the issues of a project', ['project_id']),
  tool('get_issue', 'Get an issue of a project', ['project_id', 'issue_id']),
  tool('update_issue', 'Update an issue', ['project_id', 'issue_id', 'title'], ['project_id', 'issue_id']),
];

/** A board whose cards sit in lists: a card is read by its id alone, so a list given on an update is where it goes. */
const board = [
  tool('get_list', 'Get a list', ['list_id']),
  tool('get_cards_in_list', 'List the cards in a list', ['list_id']),
  tool('get_card', 'Get a card', ['card_id']),
  tool('update_card', 'Update a card', ['card_id', 'list_id', 'name'], ['card_id']),
];

/** A canvas with no list of its items: an item is read within its board. */
const canvas = [
  tool('get_board', 'Get a board', ['board_id']),
  tool('get_sticky_note', 'Get a sticky note on a board', ['board_id', 'item_id']),
  tool('update_sticky_note', 'Update a sticky note on a board', ['board_id', 'item_id', 'content'], ['board_id', 'item_id']),
];

function inputFor(tools: ToolDefinition[], name: string, args: Record<string, unknown> = {}, world?: WorldState): AnswerInput {
  const model = readServer(tools);
  const { shapes } = model;
  return {
    tool: tools.find((candidate) => candidate.name === name)!,
    shape: shapes.get(name)!,
    shapes,
    model,
    serverTools: tools,
    args,
    argumentsKey: JSON.stringify(args),
    world: world ?? { entities: {}, facts: [] },
    now: '2026-03-01T10:00:00.000Z',
    sequence: 1,
    seed: 'test',
  };
}

describe('scope arguments', () => {
  it('counts another entity id that both the read and the list take as where the entity lives', () => {
    expect([...scopeArguments(inputFor(tracker, 'update_issue'))]).toEqual(['project_id']);
  });

  it('never counts the entity own id, nor a parent its read does not take', () => {
    expect([...scopeArguments(inputFor(board, 'update_card'))]).toEqual([]);
  });

  it('reads the scope off the read alone when no tool lists the entity', () => {
    expect([...scopeArguments(inputFor(canvas, 'update_sticky_note'))]).toEqual(['board_id']);
  });

  it('moves a card to the list an update names, and leaves an issue in the project it is addressed by', () => {
    const cards = { entities: { card: { card_1: { id: 'card_1', list_id: 'list_1', name: 'Plan' } } }, facts: [] };
    const moved = answerFromWorld(inputFor(board, 'update_card', { card_id: 'card_1', list_id: 'list_2' }, cards));
    expect(moved.changes?.upserts?.[0]?.fields).toMatchObject({ list_id: 'list_2' });

    const issues = { entities: { issue: { '7': { id: '7', project_id: 'acme', title: 'Old' } } }, facts: [] };
    const updated = answerFromWorld(inputFor(tracker, 'update_issue', { project_id: 'acme', issue_id: '7', title: 'New' }, issues));
    expect(updated.changes?.upserts?.[0]?.fields).toMatchObject({ title: 'New' });
    expect(updated.changes?.upserts?.[0]?.fields).not.toHaveProperty('project_id');
  });
});

describe('the field a list argument filters', () => {
  const known = (...names: string[]) => ({ has: (name: string) => names.includes(name) });

  it('reads the field after the entity’s own word', () => {
    expect(toFilterArgument('eventSlug', 'therapy', known('slug'), 'event_type')).toEqual(['slug', 'therapy']);
    expect(toFilterArgument('taskStatus', 'done', known('status'), 'task')).toEqual(['status', 'done']);
  });

  it('keeps a name that is a field, or the entity’s id, as it is', () => {
    expect(toFilterArgument('eventSlug', 'therapy', known('eventslug', 'slug'), 'event_type')).toEqual(['eventSlug', 'therapy']);
    expect(toFilterArgument('block_id', 'b1', known('id'), 'block')).toEqual(['block_id', 'b1']);
  });
});
