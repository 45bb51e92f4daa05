import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { readServer } from './read-server.js';
import { toServerTypes, withServerTypes } from './server-types.js';
import { inferServerShapes } from './tool-operation.js';
import { tool, text } from './written-tools.test-support.js';

const entities = (tools: ToolDefinition[]) =>
  Object.fromEntries([...readServer(tools).shapes].map(([name, shape]) => [name, shape.entity]));

/** A small ticket service: tickets and files are kept (created, listed, read by id), comments are listed. */
const tickets = [
  tool('create_ticket', { title: text }),
  tool('get_ticket', { ticket_id: text }),
  tool('list_tickets', { status: text }),
  tool('list_files', { folder: text }),
  tool('get_file', { file_id: text }),
  tool('list_comments', { ticket_id: text }),
];

describe('the types a server keeps', () => {
  it('are the entities some tool creates or lists, or reads by an id argument', () => {
    expect([...toServerTypes(readServer(tickets).shapes)].sort()).toEqual(['comment', 'file', 'ticket']);
  });
});

describe('a compound one tool alone reads is re-read as the server type it holds', () => {
  const hooks = [tool('create_webhook', { url: text }), tool('get_webhook', { webhook_id: text })];
  const rotate = tool('rotateWebhookSecret', { id: text, confirm: { type: 'boolean' } }, 'Rotate a webhook signing secret.');

  it('reads an action on a type followed by words that are no type as acting on that type, and says why', () => {
    const tools = [
      ...tickets,
      ...hooks,
      rotate,
      tool('convertTicketToSubtask', { ticketId: text, parentTicketId: text }, 'Convert a ticket to a subtask'),
    ];
    const model = readServer(tools);
    expect(model.shapes.get('rotateWebhookSecret')?.entity).toBe('webhook');
    expect(model.shapes.get('convertTicketToSubtask')?.entity).toBe('ticket');
    expect(model.readings.get('rotateWebhookSecret')?.why.entity).toMatch(/read by this tool alone: it acts on a webhook/);
  });

  it('reads a type after a qualifier, or after the initials of another type, as that type', () => {
    const tools = [
      ...tickets,
      tool('get_ticket_managed_files', { ticketName: text }, 'Returns managed files for a ticket by name.'),
      tool('ticket_registered_files_list', { ticket_id: text }, 'List all registered files for a ticket.'),
      tool('create_pull_request', { title: text }),
      tool('list_pr_files', { pull_request_id: text }, 'List the files of a pull request'),
    ];
    expect(entities(tools)).toMatchObject({
      get_ticket_managed_files: 'file',
      ticket_registered_files_list: 'file',
      list_pr_files: 'file',
    });
  });

  /** The tool's first reading (the operation inference) and its reading after this pass. */
  const readings = (tools: ToolDefinition[], name: string) => {
    const first = inferServerShapes(tools);
    return [first.get(name)?.entity, withServerTypes(tools, first).get(name)?.entity];
  };

  it('keeps a compound several tools read, or one an id argument is named for', () => {
    const signing = [tool('rotateWebhookSigningSecret', { id: text }), tool('resetWebhookSigningSecret', { id: text })];
    expect(readings([...hooks, ...signing], 'rotateWebhookSigningSecret')).toEqual(['webhook_signing_secret', 'webhook_signing_secret']);
    expect(readings([...hooks, rotate], 'rotateWebhookSecret')).toEqual(['webhook_secret', 'webhook']);
    const named = [...hooks, rotate, tool('audit_access', { secret_id: text })];
    expect(readings(named, 'rotateWebhookSecret')).toEqual(['webhook_secret', 'webhook_secret']);
  });

  it('keeps a compound a tool lists as a kind of its own, and one led by a noun that is no qualifier', () => {
    const tools = [...tickets, tool('getTicketTiers', {}, 'Get all ticket tiers'), tool('list_draft_files', {})];
    expect(readings(tools, 'getTicketTiers')).toEqual(['ticket_tier', 'ticket_tier']);
    expect(readings(tools, 'list_draft_files')).toEqual(['draft_file', 'draft_file']);
  });

  it('leaves a tool the scenario corrects as corrected', () => {
    const model = readServer([...hooks, rotate], { corrections: { rotateWebhookSecret: { entity: 'webhook_secret' } } });
    expect(model.shapes.get('rotateWebhookSecret')?.entity).toBe('webhook_secret');
  });
});

describe('the id argument and the server name check the entity', () => {
  it('reads an action whose id argument names a type the name holds as acting on that type, where other tools read the compound', () => {
    const tools = [
      ...tickets,
      tool('createDraftTicket', { title: text }),
      tool('publishDraftTicket', { ticket_id: text }, 'Publish a draft ticket'),
    ];
    const model = readServer(tools);
    expect(model.shapes.get('createDraftTicket')?.entity).toBe('draft_ticket');
    expect(model.shapes.get('publishDraftTicket')?.entity).toBe('ticket');
    expect(model.readings.get('publishDraftTicket')?.why.entity).toMatch(/the id argument "ticket_id" names a ticket/);
  });

  it('never lets a word of the server name lead the entity', () => {
    const tools = [
      tool('list_acmedesk_boards', {}),
      tool('get_board', { board_id: text }),
      tool('analyze_acmedesk_boards', { query: text }, 'Analyze boards'),
      tool('tune_acmedesk_board', { board_id: text, name: text }, 'Tune a board'),
    ];
    expect(inferServerShapes(tools, {}, ['@acme/acmedesk-mcp', 'AcmeDesk']).get('tune_acmedesk_board')?.entity).toBe('acmedesk_board');
    const model = readServer(tools, { serverNames: ['@acme/acmedesk-mcp', 'AcmeDesk'] });
    expect(model.shapes.get('tune_acmedesk_board')?.entity).toBe('board');
    expect(model.readings.get('tune_acmedesk_board')?.why.entity).toMatch(/"acmedesk" before them is the service's name/);
  });
});

describe("the description's object checks the entity", () => {
  const mail = [tool('list_emails', { folder: text }), tool('get_email', { email_id: text }), tool('delete_email', { email_id: text })];
  const readings = (tools: ToolDefinition[], name: string) => [
    inferServerShapes(tools).get(name)?.entity,
    readServer(tools).shapes.get(name)?.entity,
  ];

  it('reads a tool whose entity no other tool reads as the type its description acts on, written as a whole noun phrase', () => {
    const tools = [...mail, tool('read_inbox', { limit: { type: 'integer' } }, 'Read emails from the inbox with pagination.')];
    expect(readings(tools, 'read_inbox')).toEqual(['inbox', 'email']);
    expect(readServer(tools).readings.get('read_inbox')?.why.entity).toMatch(/its description's first verb acts on email/);
  });

  it('keeps the entity where the noun phrase goes on past the type, or the description starts with the name', () => {
    const statuses = [...mail, tool('get_email_tiers', {}, 'Get email tiers from the service.')];
    expect(readings(statuses, 'get_email_tiers')).toEqual(['email_tier', 'email_tier']);
    const named = [...mail, tool('read_inbox', {}, 'read_inbox returns emails from the inbox.')];
    expect(readings(named, 'read_inbox')).toEqual(['inbox', 'inbox']);
  });
});

describe("an owner's kind the server keeps names the entity", () => {
  const projects = [
    tool('create_project', { name: text }),
    tool('get_project', { project_id: text }),
    tool('createProjectUpdate', { projectId: text, body: text }, 'Create a project update'),
    tool('getProjectUpdate', { id: text }, 'Get a project update by id'),
    tool('getProjectUpdates', { projectId: text }, 'Get updates for a project'),
  ];

  it('reads an entity no other tool keeps, of a tool that names an owner by id, as the owner’s kind two tools keep', () => {
    const first = inferServerShapes(projects).get('getProjectUpdates')?.entity;
    const model = readServer(projects);
    expect([first, model.shapes.get('getProjectUpdates')?.entity]).toEqual(['update', 'project_update']);
    expect(model.readings.get('getProjectUpdates')?.why.entity).toMatch(/names a project by id/);
  });

  it('keeps the entity where one tool alone keeps the compound', () => {
    const one = projects.filter((written) => written.name !== 'getProjectUpdate');
    expect(readServer(one).shapes.get('getProjectUpdates')?.entity).toBe('update');
  });
});
