import { describe, expect, it } from 'vitest';
import type { WorldState } from '../../domain/memory-log.js';
import type { ToolDefinition } from '../../domain/registry.js';
import { readServer } from '../../reading/read-server.js';
import { toMemberTransfer, withParentMembers } from './parent-members.js';
import type { AnswerInput } from './world-conventions.js';

const tool = (name: string, properties: string[]): ToolDefinition => ({
  name,
  description: '',
  inputSchema: { type: 'object', properties: Object.fromEntries(properties.map((key) => [key, { type: 'string' }])) },
});

/** Albums keep their photos as a list of ids; photos do not name their album. */
const gallery = [
  tool('create_album', ['name']),
  tool('create_photo', ['title']),
  tool('list_album_photos', ['album_id']),
  { ...tool('transfer_album_photos', ['album_id', 'target_album_id']), description: 'Transfer photos from one album to another' },
];

const world: WorldState = {
  entities: {
    album: { a1: { id: 'a1', name: 'Trip', photos: ['p1'] }, a2: { id: 'a2', name: 'Home' } },
    photo: { p1: { id: 'p1', title: 'Beach' }, p2: { id: 'p2', title: 'Dog' } },
  },
  facts: [],
};

function inputFor(name: string, args: Record<string, unknown>): AnswerInput {
  const model = readServer(gallery);
  const { shapes } = model;
  return {
    tool: gallery.find((candidate) => candidate.name === name)!,
    shape: shapes.get(name)!,
    shapes,
    model,
    serverTools: gallery,
    args,
    argumentsKey: JSON.stringify(args),
    world,
    now: '2026-03-01T10:00:00.000Z',
    sequence: 1,
    seed: 'test',
  };
}

describe('withParentMembers', () => {
  it('reads a list scoped by a parent that keeps its children as ids as a read of those ids', () => {
    expect(withParentMembers(inputFor('list_album_photos', { album_id: 'a1' })).args).toEqual({ ids: ['p1'] });
    expect(withParentMembers(inputFor('list_album_photos', { album_id: 'a2' })).args).toEqual({ ids: [] });
  });

  it('keeps the list as it was for a parent the world does not hold', () => {
    expect(withParentMembers(inputFor('list_album_photos', { album_id: 'a9' })).args).toEqual({ album_id: 'a9' });
  });
});

describe('toMemberTransfer', () => {
  it('moves the children a parent keeps to the parent named as where to', () => {
    const answer = toMemberTransfer(inputFor('transfer_album_photos', { album_id: 'a1', target_album_id: 'a2' }));
    expect(answer?.value).toEqual({ moved: ['p1'], from: 'a1', to: 'a2' });
    expect(answer?.changes?.upserts).toEqual([
      { type: 'album', id: 'a1', fields: { id: 'a1', name: 'Trip', photos: [] } },
      { type: 'album', id: 'a2', fields: { id: 'a2', name: 'Home', photos: ['p1'] } },
    ]);
  });

  it('is no transfer without a second parent the world holds', () => {
    expect(toMemberTransfer(inputFor('transfer_album_photos', { album_id: 'a1', target_album_id: 'a9' }))).toBeNull();
    expect(toMemberTransfer(inputFor('transfer_album_photos', { album_id: 'a1' }))).toBeNull();
  });
});
