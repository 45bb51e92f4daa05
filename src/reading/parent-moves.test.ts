import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { toMoveArguments } from './parent-moves.js';
import { inferServerShapes } from './tool-operation.js';
import { toParentReferences } from './tool-parents.js';

const text = { type: 'string' };
const tool = (name: string, properties: Record<string, unknown>, required: string[] = Object.keys(properties)): ToolDefinition => ({
  name,
  inputSchema: { type: 'object', properties, required },
});

const tools = [
  tool('list_racks', {}),
  tool('get_rack', { rack_id: text }),
  tool('list_jars', { rack_id: text }),
  tool('create_jar', { rack_id: text, label: text }),
  tool('get_jar', { jar_id: text }),
  tool('update_jar', { rack_id: text, jar_id: text, label: text }),
  tool('relabel_jar', { jar_id: text, label: text, rack_id: text }, ['jar_id', 'label']),
  tool('move_jar', { jar_id: text, rack_id: text }),
  tool('edit_jar', { jar_id: text, target_rack_id: text }),
  tool('transfer_jar', { jar_id: text, to_bin: text }),
];
const moves = (name: string, server: ToolDefinition[] = tools) => {
  const shapes = inferServerShapes(server);
  const definition = server.find((candidate) => candidate.name === name)!;
  return toMoveArguments(definition, shapes.get(name)!, toParentReferences(definition, shapes.get(name)!, shapes));
};

describe('toMoveArguments', () => {
  it('reads a parent an update must be given as where the entity lives, not where it goes', () => {
    expect(moves('update_jar')).toEqual([]);
  });

  it('leaves an optional parent to the caller', () => {
    expect(moves('relabel_jar')).toEqual([]);
  });

  it('reads a move verb or a word of destination as a move to the parent named', () => {
    expect(moves('move_jar')).toEqual(['rack_id']);
    expect(moves('edit_jar')).toEqual(['target_rack_id']);
  });

  it('reads a destination of a move verb even where no tool reads that kind of parent', () => {
    expect(moves('transfer_jar')).toEqual(['to_bin']);
  });

  it('finds no move in anything but an update', () => {
    expect(moves('create_jar')).toEqual([]);
  });

  it('reads every parent a move takes as where it goes when its schema requires nothing, but not where it comes from', () => {
    const optional = [
      ...tools.filter(({ name }) => name !== 'move_jar'),
      tool('move_jar', { jar_id: text, jarLabel: text, source_rack_id: text, rack_id: text, rackName: text }, []),
    ];
    expect(moves('move_jar', optional)).toEqual(['rack_id', 'rackName']);
  });
});
