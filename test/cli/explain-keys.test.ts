/** `mcpsim explain` names each entity type's other keys (issue 36): a tracker's issue by id and by per-project number. */
import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../src/domain/registry.js';
import { toExplanationText } from '../../src/cli/explanation-text.js';
import { explainToolList } from '../../src/scenario/scenario-explanation.js';

const object = (properties: Record<string, unknown>, required: string[]) => ({ type: 'object' as const, properties, required });
const tools: ToolDefinition[] = [
  { name: 'create_issue', inputSchema: object({ project_id: { type: 'string' }, title: { type: 'string' } }, ['project_id', 'title']) },
  {
    name: 'get_issue',
    inputSchema: object({ project_id: { type: 'string' }, issue_iid: { type: 'integer' } }, ['project_id', 'issue_iid']),
  },
  { name: 'delete_issue', inputSchema: object({ issue_id: { type: 'integer' } }, ['issue_id']) },
];

describe('explain of a type with more than one key', () => {
  it('shows the id field and each other key with how its values look and the arguments that take it', () => {
    const text = toExplanationText([explainToolList('@qa/tracker', tools)]);
    expect(text).toContain('    id         id: numbers');
    expect(text).toContain('    other keys iid (counts up per parent; named by issue_iid)\n');
  });
});
