import { describe, expect, it } from 'vitest';
import { withJoinedCompounds } from './joined-compounds.js';
import { parseToolName } from './tool-name.js';

const entry = (name: string) => ({ tool: { name, inputSchema: { type: 'object' as const } }, parsed: parseToolName(name, null) });

describe('withJoinedCompounds', () => {
  it('reads a one-word entity that another tool writes apart as that entity', () => {
    const read = withJoinedCompounds([entry('wit_work_item'), entry('search_workitem')]);
    expect(read.map(({ parsed }) => parsed.entityWords.join('_'))).toEqual(['wit_work_item', 'work_item']);
  });

  it('leaves a one-word entity alone where no tool spells it apart', () => {
    const read = withJoinedCompounds([entry('get_workspace'), entry('list_work_items')]);
    expect(read.map(({ parsed }) => parsed.entityWords.join('_'))).toEqual(['workspace', 'work_item']);
  });
});
