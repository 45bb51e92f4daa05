import { describe, expect, it } from 'vitest';
import type { WorldState } from '../../domain/memory-log.js';
import { namesInUse } from './reference-data.js';

const world: WorldState = {
  entities: {
    note: {
      n1: { id: 'n1', title: 'Consensus', labels: ['raft', 'papers'], folderName: 'reading', workspace: 'w1' },
      n2: { id: 'n2', title: 'Cooking', labels: ['papers'], folder_name: 'home', workspace: 'w2' },
    },
    label: { l1: { id: 'l1', name: 'kept as it is' } },
  },
  facts: [],
};

describe('namesInUse', () => {
  it('answers the names entities give a type in a field named for it, once each, in the order met', () => {
    expect(namesInUse(world, 'label', [])).toEqual([
      { name: 'raft', where: {} },
      { name: 'papers', where: {} },
    ]);
    expect(namesInUse(world, 'folder', []))!.toEqual([
      { name: 'reading', where: {} },
      { name: 'home', where: {} },
    ]);
  });

  it('keeps where each name was written, for the fields a list takes', () => {
    expect(namesInUse(world, 'folder', ['workspace', 'folderName'])).toEqual([
      { name: 'reading', where: { workspace: 'w1' } },
      { name: 'home', where: { workspace: 'w2' } },
    ]);
  });

  it('answers null for a type no entity names', () => {
    expect(namesInUse(world, 'color', [])).toBeNull();
  });
});
