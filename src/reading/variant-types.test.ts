import { describe, expect, it } from 'vitest';
import { readServer } from './read-server.js';
import { tool, text } from './written-tools.test-support.js';

const number = { type: 'number' };
const shape = { x: number, y: number, width: number, height: number, name: text, parentId: text };
/** A design service: every tool acts on a node by `nodeId`, and one create per kind of node. */
const design = [
  tool('create_rectangle', shape, 'Create a new rectangle'),
  tool('create_ellipse', shape, 'Create a new ellipse'),
  tool('clone_node', { nodeId: text, x: number, y: number }, 'Clone an existing node'),
  tool('get_node_info', { nodeId: text }, 'Get detailed information about a node'),
  tool('move_node', { nodeId: text, x: number, y: number }, 'Move a node'),
  tool('resize_node', { nodeId: text, width: number, height: number }, 'Resize a node'),
  tool('rename_node', { nodeId: text, name: text }, 'Rename a node'),
  tool('delete_node', { nodeId: text }, 'Delete a node'),
];

describe('creates of kinds of the one entity a server acts on', () => {
  it('make that entity, so a read by the id they answer finds it, and say why', () => {
    const model = readServer(design);
    expect(model.shapes.get('create_rectangle')?.entity).toBe('node');
    expect(model.shapes.get('create_ellipse')?.entity).toBe('node');
    expect(model.shapes.get('create_rectangle')?.entityWhy).toContain('a kind of node (rectangle)');
  });

  it('keep their own type where another tool names it by id', () => {
    const model = readServer([...design, tool('round_ellipse', { ellipseId: text, radius: number })]);
    expect(model.shapes.get('create_ellipse')?.entity).toBe('ellipse');
  });

  it('keep their own type where only one kind is created', () => {
    expect(readServer(design.filter((one) => one.name !== 'create_ellipse')).shapes.get('create_rectangle')?.entity).toBe('rectangle');
  });

  it('keep their own type where a create takes the entity’s id (a reply to an email is made from one)', () => {
    const mail = [
      tool('reply_to_email', { uid: number, body: text, cc: text, html: text }, 'Reply to an email'),
      tool('create_forward', { uid: number, body: text, cc: text, html: text, to: text }, 'Create a forward of an email'),
      ...['get_email', 'flag_email', 'move_email', 'delete_email', 'mark_email_read'].map((name) => tool(name, { uid: number })),
    ];
    const model = readServer(mail);
    expect(model.shapes.get('reply_to_email')?.entity).not.toBe('email');
  });

  it('keep their own type where the kinds are not made alike', () => {
    const unlike = [
      ...design.filter((one) => !one.name.startsWith('create_')),
      tool('create_export', { format: text }, 'Create an export'),
      tool('create_comment', { message: text }, 'Create a comment'),
    ];
    expect(readServer(unlike).shapes.get('create_export')?.entity).toBe('export');
  });
});
