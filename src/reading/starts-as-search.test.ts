import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { readServer } from './read-server.js';
import { tool, text } from './written-tools.test-support.js';

const optional = (name: string, properties: Record<string, Record<string, unknown>>, description: string): ToolDefinition => ({
  ...tool(name, properties, description),
  inputSchema: { type: 'object', properties, required: [] },
});

describe('a read or list whose description starts by searching, given text, searches', () => {
  const tools = [
    tool('get_recipe', { recipe_id: text }, 'Get a recipe'),
    tool('get_recipe_by_title', { title: text }, 'Search for a recipe by its title.'),
    optional('list_chefs', { query: text }, 'Search chefs by a query string. Returns the matching chefs'),
    tool('get_recipes_with_tag', { tagName: text }, 'Find recipes carrying a tag'),
    tool('get_chef_kitchens', { chefId: text }, 'Find all kitchens a chef works in'),
  ];
  const model = readServer(tools);

  it.each(['get_recipe_by_title', 'list_chefs', 'get_recipes_with_tag'])('reads %s as a search', (name) => {
    expect(model.kindOf(name).kind).toBe('search');
  });

  it('keeps a read by a real id, and a find under another entity by its id, as they were', () => {
    expect(model.kindOf('get_recipe').kind).toBe('read');
    expect(model.kindOf('get_chef_kitchens').kind).not.toBe('search');
  });
});
