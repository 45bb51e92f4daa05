import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { inferServerShapes } from './tool-operation.js';
import { toParentReferences } from './tool-parents.js';

const tool = (name: string, properties: Record<string, unknown>, required: string[] = Object.keys(properties)): ToolDefinition => ({
  name,
  inputSchema: { type: 'object', properties, required },
});

const tools = [
  tool('get_issue', { issue_number: { type: 'integer' } }),
  tool('add_issue_comment', { issue_number: { type: 'integer' }, body: { type: 'string' } }),
  tool('list_channels', {}),
  tool('post_message', { channel_id: { type: 'string' }, text: { type: 'string' }, name: { type: 'string' } }),
  tool('list_projects', {}),
  tool('create_task', { project_key: { type: 'string' }, path: { type: 'string' }, id: { type: 'string' } }),
];
/** The parent references of each of `server`'s tools, by name, as the server is read as a whole. */
const parentsIn = (server: readonly ToolDefinition[]) => {
  const shapes = inferServerShapes(server);
  return (name: string) =>
    toParentReferences(
      server.find((candidate) => candidate.name === name)!,
      shapes.get(name)!,
      shapes,
    );
};
const references = parentsIn(tools);

describe('toParentReferences', () => {
  it('reads the id named for the leading words of a compound entity as its parent, on a read, a delete and a create', () => {
    const text = { type: 'string' };
    const members = [
      tool('add_crew_member', { orgId: text, crewId: text, email: text }),
      tool('get_crew_member', { orgId: text, crewId: text, memberId: text }),
      tool('remove_crew_member', { orgId: text, crewId: text, memberId: text }),
    ];
    const shapes = inferServerShapes(members);
    for (const member of members) {
      const shape = shapes.get(member.name)!;
      expect(shape.idArgument).not.toBe('crewId');
      expect(toParentReferences(member, shape, shapes)).toContainEqual(expect.objectContaining({ argument: 'crewId', entity: 'crew' }));
    }
  });

  it("reads an argument that another entity's read takes as its id as a reference to that entity", () => {
    expect(references('add_issue_comment')).toEqual([
      { argument: 'issue_number', entity: 'issue', idField: 'number', numericId: true, strong: true },
    ]);
  });

  it("reads an entity's name with an id word as a reference to it, and never a name, a path or a bare id", () => {
    expect(references('post_message')).toEqual([
      { argument: 'channel_id', entity: 'channel', idField: 'id', numericId: false, strong: true },
    ]);
    expect(references('create_task')).toEqual([
      { argument: 'project_key', entity: 'project', idField: 'id', numericId: false, strong: true },
    ]);
  });

  it('finds no parent of an entity in its own id argument', () => {
    expect(references('get_issue')).toEqual([]);
  });

  const shelf = [
    tool('list_shelves', {}),
    tool('get_shelf', { shelf_iid: { type: 'string' } }),
    tool('list_shelf_jars', { shelf_iid: { type: 'string' } }),
    tool('list_pantries', {}),
    tool('list_pantry_jars', { pantryName: { type: 'string' } }),
    tool('create_jar', { pantry: { type: 'string' }, label: { type: 'string' } }),
    tool('move_jar', { jar_id: { type: 'string' }, targetPantry: { type: 'string' } }),
    tool('update_jar', { jar_id: { type: 'string' }, pantry: { type: 'string' } }),
    tool('list_recipe_jars', { id: { type: 'string' } }),
    tool('get_recipe', { id: { type: 'string' } }),
    tool('create_folder', { name: { type: 'string' }, parentId: { type: 'string', description: 'ID of the parent folder' } }, ['name']),
  ];
  const of = parentsIn(shelf);

  it('reads a string identifier named for another entity (`ConversationSid`) as a reference to it, and a bare `Sid` as none', () => {
    const twilio = [
      tool('FetchConversation', { Sid: { type: 'string' } }),
      tool('FetchConversationParticipant', { ConversationSid: { type: 'string' }, Sid: { type: 'string' } }),
    ];
    const shapes = inferServerShapes(twilio);
    expect(toParentReferences(twilio[1]!, shapes.get('FetchConversationParticipant')!, shapes)).toEqual([
      { argument: 'ConversationSid', entity: 'conversation', idField: 'sid', numericId: false, strong: true },
    ]);
  });

  it('reads project-scoped numbers and names of another entity as references to it', () => {
    expect(of('list_shelf_jars')).toEqual([{ argument: 'shelf_iid', entity: 'shelf', idField: 'iid', numericId: false, strong: true }]);
    expect(of('list_pantry_jars')).toMatchObject([{ argument: 'pantryName', entity: 'pantry', strong: false }]);
  });

  it("reads another entity's own word, or it after a word of place, as a reference by a natural key", () => {
    expect(of('create_jar')).toMatchObject([{ argument: 'pantry', entity: 'pantry', strong: false }]);
    expect(of('move_jar')).toMatchObject([{ argument: 'targetPantry', entity: 'pantry', strong: false }]);
  });

  it('reads a natural key of an update as where it acts, not a parent it moves to', () => {
    expect(of('update_jar')).toEqual([]);
  });

  it("reads a bare id of a list named for another entity as that entity's id", () => {
    expect(of('list_recipe_jars')).toMatchObject([{ argument: 'id', entity: 'recipe', strong: true }]);
  });

  it('reads a parentId as the entity its description names', () => {
    expect(of('create_folder')).toMatchObject([{ argument: 'parentId', entity: 'folder', strong: false }]);
  });

  it('reads the id of a parent the server has no tools for on a list or a create, and never a cursor', () => {
    const tools = [
      tool('list_kettles', { region_id: { type: 'string' }, last_id: { type: 'integer' } }, []),
      tool('create_kettle', { region_id: { type: 'string' }, label: { type: 'string' } }, ['region_id', 'label']),
      tool('list_cup_stains', { cupPublicId: { type: 'integer' } }),
      tool('get_cup', { cupPublicId: { type: 'integer' } }),
    ];
    const of = parentsIn(tools);
    expect(of('list_kettles')).toEqual([{ argument: 'region_id', entity: 'region', idField: 'id', numericId: false, strong: true }]);
    expect(of('create_kettle')).toMatchObject([{ argument: 'region_id', entity: 'region' }]);
    expect(of('list_cup_stains')).toMatchObject([{ argument: 'cupPublicId', entity: 'cup', numericId: true }]);
  });

  it('reads an `identifier` named for another entity as its id, as the id reading does, on a list and a create', () => {
    const tools = [
      tool('list_projects', {}),
      tool('list_test_runs', { project_identifier: { type: 'string' }, run_state: { type: 'string' } }, ['project_identifier']),
      tool('create_test_run', { project_identifier: { type: 'string' }, title: { type: 'string' } }),
      tool('list_sub_plans', { parent_plan_identifier: { type: 'string' } }),
    ];
    const of = parentsIn(tools);
    expect(of('list_test_runs')).toMatchObject([{ argument: 'project_identifier', entity: 'project', strong: true }]);
    expect(of('create_test_run')).toMatchObject([{ argument: 'project_identifier', entity: 'project', strong: true }]);
  });

  it('reads an argument a create describes as where the new thing goes, or whose it is, as its parent', () => {
    const described = (description: string) => ({ type: 'string', description });
    const tools = [
      tool('create_folder', { name: { type: 'string' }, path: described('The path to create the folder in (Defaults to /)') }, ['name']),
      tool('create_model', { name: { type: 'string' }, owner: described('The name of the user or organization that will own the model') }),
      tool(
        'create_category',
        {
          name: { type: 'string' },
          group_id: { type: 'number', description: 'If set, assigns the new category to an existing category group.' },
        },
        ['name'],
      ),
      tool('create_note', { title: described('The title to give the new note'), body: described('Text to write in the note') }),
    ];
    const of = parentsIn(tools);
    expect(of('create_folder')).toMatchObject([{ argument: 'path', entity: 'path', idField: 'path', strong: false }]);
    expect(of('create_model')).toMatchObject([{ argument: 'owner', entity: 'owner', strong: false }]);
    expect(of('create_category')).toMatchObject([{ argument: 'group_id', entity: 'group', idField: 'id', strong: false }]);
    expect(of('create_note')).toEqual([]);
  });

  it("reads an argument named for an entity the server lists as that entity, though another entity's tool takes it as its id", () => {
    const tools = [
      tool('list_vats', {}),
      tool('update_default_ladle', { vat_id: { type: 'string' }, default_ladle: { type: 'string' } }),
      tool('get_vat', { vat_id: { type: 'string' } }),
      tool('get_ladle', { vat_id: { type: 'string' }, ladle_name: { type: 'string' } }),
      tool('get_stirrer', { vat_id: { type: 'string' }, stirrer_id: { type: 'string' } }),
    ];
    const shapes = inferServerShapes(tools);
    expect(shapes.get('update_default_ladle')).toMatchObject({ entity: 'ladle', idArgument: 'vat_id' });
    const of = parentsIn(tools);
    expect(of('get_stirrer')).toMatchObject([{ argument: 'vat_id', entity: 'vat', strong: true }]);
  });

  it("reads an id argument spelled as another entity's id as the parent of the part the tool reads", () => {
    const tools = [
      tool('list_kilns', {}),
      tool('get_kiln', { kiln_id: { type: 'string' } }),
      tool('get_kiln_temperature_log', { kiln_id: { type: 'string' } }),
      tool('get_firing_schedule', { kiln_slug: { type: 'string' } }),
    ];
    const shapes = inferServerShapes(tools);
    const of = parentsIn(tools);
    expect(shapes.get('get_kiln_temperature_log')).toMatchObject({ entity: 'temperature_log', idArgument: 'kiln_id' });
    expect(of('get_kiln_temperature_log')).toMatchObject([{ argument: 'kiln_id', entity: 'kiln', strong: true }]);
    expect(of('get_firing_schedule')).toMatchObject([{ argument: 'kiln_slug', entity: 'kiln', strong: false }]);
    expect(of('get_kiln')).toEqual([]);
  });

  it('reads an id argument spelled as the id of a type the server has no tools for as the parent of the part the tool reads', () => {
    const tools = [tool('get_glaze_palette', { studio_key: { type: 'string' } }), tool('get_glaze', { glaze_id: { type: 'string' } })];
    const shapes = inferServerShapes(tools);
    const of = (name: string) =>
      toParentReferences(
        tools.find((candidate) => candidate.name === name)!,
        shapes.get(name)!,
        shapes,
      ).map(({ argument, entity }) => `${argument}->${entity}`);
    expect(shapes.get('get_glaze_palette')).toMatchObject({ idArgument: 'studio_key' });
    expect(of('get_glaze_palette')).toEqual(['studio_key->studio']);
    expect(of('get_glaze')).toEqual([]);
  });

  it('reads an argument its description says names another entity as a reference to it, and not one naming its own entity', () => {
    const tools = [
      tool('list_boards', {}),
      tool('post_note', { board_id: { type: 'string' }, text: { type: 'string' } }),
      tool('list_notes', { board_id: { type: 'string' } }),
      tool('add_sticker', {
        board_id: { type: 'string' },
        stamp: { type: 'string', description: 'The timestamp of the note to pin the sticker on' },
        sticker: { type: 'string', description: 'Name of the sticker' },
      }),
      tool('list_replies', { board_id: { type: 'string' }, marker: { type: 'string', description: 'Timestamp of the parent note.' } }),
      tool('create_sticker', { label: { type: 'string', description: 'The name of the sticker to create' } }),
      tool('list_stickers', { page: { type: 'string', description: 'Number of the note page to fetch' } }, []),
    ];
    const shapes = inferServerShapes(tools);
    const of = (name: string) =>
      toParentReferences(
        tools.find((candidate) => candidate.name === name)!,
        shapes.get(name)!,
        shapes,
      ).map(({ argument, entity }) => `${argument}->${entity}`);
    expect(of('add_sticker')).toEqual(['board_id->board', 'stamp->note']);
    expect(of('list_replies')).toEqual(['board_id->board', 'marker->note']);
    expect(of('create_sticker')).toEqual([]);
  });

  it('reads a list or create given where it looks or puts in its description words as a reference, and not a name of its own', () => {
    const tools = [
      tool('list_gardens', {}),
      tool('list_beds', { plot: { type: 'string', description: 'Allotment plot name' } }, []),
      tool(
        'create_bed',
        {
          idHolder: { type: 'string', description: 'Garden ID to create the bed in (uses the default if not given)' },
          name: { type: 'string', description: 'Raised bed name' },
          given_name: { type: 'string', description: 'Given name of the gardener' },
          soil: { type: 'string', description: 'Soil type name' },
        },
        ['name'],
      ),
      tool('list_seeds', { site: { type: 'string', description: "The garden's URL" } }, []),
    ];
    const shapes = inferServerShapes(tools);
    const of = (name: string) =>
      toParentReferences(
        tools.find((candidate) => candidate.name === name)!,
        shapes.get(name)!,
        shapes,
      ).map(({ argument, entity, strong }) => `${argument}->${entity}${strong ? '' : ' (natural)'}`);
    expect(of('list_beds')).toEqual(['plot->plot (natural)']);
    expect(of('create_bed')).toEqual(['idHolder->garden (natural)']);
    expect(of('list_seeds')).toEqual([]);
  });
});
