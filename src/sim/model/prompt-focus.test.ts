import { describe, expect, it } from 'vitest';
import type { WorldState } from '../../domain/memory-log.js';
import type { ToolDefinition } from '../../domain/registry.js';
import { toListFocus } from './prompt-focus.js';

const listIssues: ToolDefinition = {
  name: 'list_issues',
  description: 'List issues.',
  inputSchema: { type: 'object', properties: { state: { type: 'string' }, label: { type: 'string' } } },
  annotations: { readOnlyHint: true },
};

/** An entity whose field reads are counted. */
function counted(fields: Record<string, unknown>, reads: { count: number }): Record<string, unknown> {
  const read = <T>(value: T) => ((reads.count += 1), value);
  return new Proxy(fields, {
    get: (target, name) => read(Reflect.get(target, name)),
    ownKeys: (target) => read(Reflect.ownKeys(target)),
    getOwnPropertyDescriptor: (target, name) => read(Reflect.getOwnPropertyDescriptor(target, name)),
  });
}

describe('toListFocus', () => {
  it('reads an entity once per filter, not on every list of a long session', () => {
    const reads = { count: 0 };
    const issues: Record<string, Record<string, unknown>> = {};
    for (let n = 1; n <= 50; n++)
      issues[`TRK-${n}`] = counted({ title: `Issue ${n}`, state: n % 3 ? 'open' : 'closed', labels: n % 2 ? ['bug'] : ['ui'] }, reads);
    const world: WorldState = { entities: { issue: issues }, facts: [] };
    const args = { state: 'open', label: 'bug' };
    const first = toListFocus({ tool: listIssues, arguments: args, world });
    expect(first?.filters).toEqual(['state=open', 'label=bug']);
    expect(first?.ids.size).toBe(17);
    expect(reads.count).toBeGreaterThan(0);

    reads.count = 0;
    const later: WorldState = {
      entities: { issue: { ...issues, 'TRK-51': { title: 'Issue 51', state: 'open', labels: ['bug'] } } },
      facts: [],
    };
    const again = toListFocus({ tool: listIssues, arguments: args, world: later });
    expect(reads.count).toBe(0);
    expect([...again!.ids].sort()).toEqual([...first!.ids, 'TRK-51'].sort());
  });
});
