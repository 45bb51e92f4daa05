import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { inferServerShapes } from './tool-operation.js';
import { toParentReferences } from './tool-parents.js';

const discourse = JSON.parse(
  readFileSync(new URL('../../test/sim/servers/discourse-mcp-tools.json', import.meta.url), 'utf8'),
) as ToolDefinition[];
const text = { type: 'string' };

function tool(name: string, properties: Record<string, unknown>, required = Object.keys(properties)): ToolDefinition {
  return { name, description: '', inputSchema: { type: 'object', properties, required } };
}

describe('a word the server’s writes name as their entity', () => {
  it('reads get_query as the read of a saved query by its id where create_query, update_query and delete_query keep them', () => {
    const shapes = inferServerShapes(discourse);
    expect(shapes.get('discourse_get_query')).toMatchObject({ operation: 'read', entity: 'query', idArgument: 'id', strict: true });
    // Running a saved query acts on that query by its id: it makes no new query and searches nothing.
    expect(shapes.get('discourse_run_query')).toMatchObject({ operation: 'other', entity: 'query', idArgument: 'id', strict: true });
  });

  it('keeps query a verb where no write names it, and a name still opens on its verb', () => {
    const alone = inferServerShapes([tool('get_query', { id: text }), tool('create_post', { text })]);
    expect(alone.get('get_query')?.operation).toBe('search');
    const posts = inferServerShapes([tool('create_post', { text }), tool('post_message', { channel: text, text })]);
    expect(posts.get('post_message')).toMatchObject({ operation: 'create', entity: 'message' });
  });

  it('reads a search’s free-text query as no saved query it lies in', () => {
    const shapes = inferServerShapes(discourse);
    for (const name of ['discourse_search', 'discourse_search_posts', 'discourse_list_users']) {
      const search = discourse.find((candidate) => candidate.name === name)!;
      expect(toParentReferences(search, shapes.get(name)!, shapes).map((reference) => reference.argument)).not.toContain('query');
    }
  });
});
