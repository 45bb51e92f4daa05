/**
 * The counting of `npm run bench:inference`'s public servers (bench/public-walks.ts), on a small
 * made-up server and a scripted `callTool`: operations against a person's reading, the walk's
 * expectations, and the plausibility of values (word salad, ids an argument's schema or stated
 * format refuses, dates that are none).
 */
import { describe, expect, it } from 'vitest';
import { measurePublicServer, type Answer, type LoadedPublicServer } from '../../bench/public-walks.js';

const tool = (name: string, properties: Record<string, unknown> = {}) => ({ name, inputSchema: { type: 'object', properties } });

const server: LoadedPublicServer = {
  qualifiedName: '@qa/ci',
  tools: [
    tool('create_pipeline', { name: { type: 'string' } }),
    tool('get_pipeline', { pipeline_slug: { type: 'string' } }),
    tool('list_pipelines'),
    tool('get_build', { build_number: { type: 'string' } }),
  ],
  spec: {
    file: 'unused.json',
    expected: { create: 'create_pipeline', read: 'get_pipeline get_build', search: 'list_pipelines' },
    walk: [
      {
        tool: 'create_pipeline',
        args: { name: 'Deploy' },
        save: { as: 'pipeline', from: ['slug'] },
        expect: { ok: true, shows: { name: 'Deploy' } },
      },
      { tool: 'get_pipeline', args: { pipeline_slug: '$pipeline' }, expect: { ok: true, shows: { name: 'Deploy' } } },
      { tool: 'list_pipelines', args: {}, expect: { ok: true, holds: '$pipeline' } },
      { tool: 'get_build', args: { build_number: 7 }, save: { as: 'build', from: ['number'] }, expect: { ok: true } },
      { tool: 'get_build', args: { build_number: '$build' }, expect: { notFound: true } },
    ],
  },
};

const json = (value: unknown, isError = false): Answer => ({ isError, text: JSON.stringify(value), value });

describe('measurePublicServer', () => {
  it('counts operations read right, walk checks that hold and plausible values, and says what did not hold', async () => {
    const answers: Answer[] = [
      json({ slug: 'pipeline_1', name: 'Deploy', created_at: 'amber willow' }),
      json({ slug: 'pipeline_1', name: 'cobalt zephyr' }),
      json({ pipelines: [{ slug: 'pipeline_1' }] }),
      json({ number: 7, state: 'passed' }),
      { isError: true, text: 'Build 7 not found', value: null },
    ];
    const figures = await measurePublicServer(server, async () => answers.shift()!);
    expect(figures).toMatchObject({ tools: 4, operationsRight: 3, walkChecks: 10, walkHeld: 9 });
    // Values: the slug's format, the create's date, the read's word salad, the list, the build's number (an integer where a string is asked).
    expect(figures).toMatchObject({ valueChecks: 6, valuesHeld: 2 });
    expect(figures.failures).toEqual([
      'operation of list_pipelines: read as list pipeline, a person reads search',
      'step 1 create_pipeline: id "pipeline_1" is not in the format get_pipeline.pipeline_slug names (^[a-z0-9]+(?:-[a-z0-9]+)*$)',
      'step 1 create_pipeline: created_at = "amber willow" is word salad',
      'step 2 get_pipeline: does not show name = "Deploy" ({"slug":"pipeline_1","name":"cobalt zephyr"})',
      'step 2 get_pipeline: name = "cobalt zephyr" is word salad',
      'step 4 get_build: id 7 is refused by get_build.build_number (build_number must be string)',
    ]);
  });

  it('flags a sentence in a field that holds a name, such as a database', async () => {
    const mongo: LoadedPublicServer = {
      qualifiedName: '@qa/mongo',
      tools: [tool('create_index', { collection: { type: 'string' } })],
      spec: {
        file: 'unused.json',
        expected: { create: 'create_index' },
        walk: [{ tool: 'create_index', args: { collection: 'orders' }, expect: { ok: true } }],
      },
    };
    const answer = json({ database: 'If we program the transmitter, we can get to the HTTP feed!', collection: 'orders' });
    const figures = await measurePublicServer(mongo, async () => answer);
    expect(figures).toMatchObject({ valueChecks: 1, valuesHeld: 0 });
    expect(figures.failures).toEqual([
      'step 1 create_index: database = "If we program the transmitter, we can ge" is a sentence where a name belongs',
    ]);
  });
});
