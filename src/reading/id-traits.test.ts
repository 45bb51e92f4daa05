import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { readServer } from './read-server.js';
import { withIdTraits } from './id-traits.js';

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });
const uid = { uid: { type: 'string' } };

/** Layers, gateways and policies named by `uid`; hosts only listed and added. */
const inventory: ToolDefinition[] = [
  { name: 'show_access_layer', inputSchema: object(uid, ['uid']) },
  { name: 'show_gateway', inputSchema: object(uid, ['uid']) },
  { name: 'show_policy', inputSchema: object(uid, ['uid']) },
  { name: 'show_hosts', inputSchema: object({ limit: { type: 'integer' } }) },
  { name: 'add_host', inputSchema: object({ name: { type: 'string' } }, ['name']) },
];

/** Monitors read by `id: string`, moved by `monitor_id: integer`. */
const monitors: ToolDefinition[] = [
  { name: 'create_monitor', inputSchema: object({ name: { type: 'string' } }, ['name']) },
  { name: 'get_monitor', inputSchema: object({ id: { type: 'string' } }, ['id']) },
  { name: 'mute_monitor', inputSchema: object({ monitor_id: { type: 'integer' } }, ['monitor_id']) },
  { name: 'resolve_monitor', inputSchema: object({ monitor_id: { type: 'integer' } }, ['monitor_id']) },
];

/** Widgets created by a slug and read by id; gadgets created and read by their name. */
const workshop: ToolDefinition[] = [
  { name: 'create_widget', inputSchema: object({ slug: { type: 'string' } }, ['slug']) },
  { name: 'get_widget', inputSchema: object({ id: { type: 'string' } }, ['id']) },
  { name: 'create_gadget', inputSchema: object({ gadget_name: { type: 'string' } }, ['gadget_name']) },
  { name: 'get_gadget', inputSchema: object({ gadget_name: { type: 'string' } }, ['gadget_name']) },
  {
    name: 'list_books',
    description: 'Books sorted by title.',
    inputSchema: object({ sortKey: { type: 'string', enum: ['ID', 'TITLE'] } }),
  },
  { name: 'list_authors', description: 'Authors by title.', inputSchema: object({ name: { type: 'string' } }) },
  { name: 'list_commits', inputSchema: object({}) },
];

describe('the id traits of a type', () => {
  it("give a type no tool takes by id the record id field most of the service's types share", () => {
    const model = readServer(inventory);
    expect(model.idTraitsOf('host').serviceIdField).toBe('uid');
    expect(model.idTraitsOf('gateway').serviceIdField).toBeNull();
    expect(withIdTraits(model.shapes.get('add_host')!, model.idTraitsOf('host')).idField).toBe('uid');
    expect(model.entityTypes.get('host')).toMatchObject({ idField: 'uid', idFrom: { field: 'service', type: 'tools' } });
  });

  it('follow a tools: correction of an id field, read apart from the same tools uncorrected', () => {
    const corrected = readServer(inventory, { corrections: { show_gateway: { field: 'id' }, show_policy: { field: 'id' } } });
    expect(readServer(inventory).idTraitsOf('host').serviceIdField).toBe('uid');
    expect(corrected.idTraitsOf('host').serviceIdField).toBeNull();
    expect(corrected.entityTypes.get('host')).toMatchObject({ idField: 'id', idFrom: { field: 'tools' } });
  });

  it('type an id as the argument that takes it back under its field declares it, over the count of places', () => {
    const model = readServer(monitors);
    const traits = model.idTraitsOf('monitor');
    expect(traits.numeric).toBe(true);
    expect(traits.declaredType('id')).toBe('string');
    expect(traits.declaredType('monitor_id')).toBe('number');
    expect(withIdTraits(model.shapes.get('create_monitor')!, traits).numericId).toBe(false);
    expect(model.entityTypes.get('monitor')).toMatchObject({ numericId: false, idFrom: { type: 'declared' } });
  });

  it('say the service assigns the ids of a type its other tools name by id, not of one they name as its create does', () => {
    const model = readServer(workshop);
    expect(model.entityTypes.get('widget')?.assignedId).toBe(true);
    expect(model.entityTypes.get('gadget')?.assignedId).toBe(false);
  });

  it('name a record by title where the tools sort or describe by it and none takes a name, else by name or a commit message', () => {
    const model = readServer(workshop);
    expect(model.idTraitsOf('book').nameField).toBe('title');
    expect(model.idTraitsOf('author').nameField).toBe('name');
    expect(model.idTraitsOf('commit').nameField).toBe('message');
    expect(model.entityTypes.get('book')?.nameField).toBe('title');
  });

  it("name a known service's type by its own field", () => {
    const shop = readServer([{ name: 'get-products', inputSchema: object({}) }], { serverNames: ['shopify-mcp'] });
    expect(shop.idTraitsOf('product').nameField).toBe('title');
  });
});
