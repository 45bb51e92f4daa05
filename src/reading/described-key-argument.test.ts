import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { readServer } from './read-server.js';

const tool = (name: string, properties: Record<string, unknown>, required = Object.keys(properties)): ToolDefinition => ({
  name,
  description: `${name.replace(/_/g, ' ')}`,
  inputSchema: { type: 'object', properties, required },
});
const described = (description: string) => ({ type: 'string', description });

describe('the key argument a read names in its description', () => {
  it('takes the argument described as the entity’s key, though its name says nothing of it', () => {
    const tools = [
      tool('list_sitemaps', { siteUrl: described('The site URL') }),
      tool('get_sitemap', { siteUrl: described('The site URL'), feedpath: described('The URL of the actual sitemap') }),
    ];
    expect(readServer(tools).shapes.get('get_sitemap')).toMatchObject({
      operation: 'read',
      idArgument: 'feedpath',
      idField: 'url',
      strict: false,
    });
  });

  it('takes the one required argument described as a key of what the read is about', () => {
    const tools = [
      tool('get_account_balance', { address: described('The address of the account to get balance for'), network: { type: 'string' } }, [
        'address',
      ]),
    ];
    expect(readServer(tools).shapes.get('get_account_balance')).toMatchObject({ idArgument: 'address', idField: 'address' });
  });

  it('takes none where the description says a value (a display name) or two keys of other things are required', () => {
    const tools = [
      tool('get_greeting', { display_name: described('Display name to greet') }),
      tool('get_route_distance', { from: described('The address of the start'), to: described('The address of the end') }),
    ];
    const { shapes } = readServer(tools);
    expect(shapes.get('get_greeting')?.idArgument).toBeNull();
    expect(shapes.get('get_route_distance')?.idArgument).toBeNull();
  });
});
