import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import { createSchemaCompiler } from '../../domain/json-schema.js';
import { emptyWorld } from '../../domain/memory-log.js';
import type { ToolDefinition } from '../../domain/registry.js';
import { toCanonicalJson } from '../source/canonical-json.js';
import { createSyntheticSource, toSyntheticValue } from './synthetic-source.js';
import type { ToolCall } from '../source/tool-result-source.js';

/** The validator the simulator itself checks with (domain/json-schema.ts). */
const schemas = createSchemaCompiler();

function compile(schema: Record<string, unknown>): ValidateFunction {
  const compiled = schemas.compile(schema);
  if (!compiled.ok) throw new Error(compiled.problem);
  return compiled.validate;
}

interface NamedTool {
  server: string;
  tool: ToolDefinition;
}

/** Tool definitions of the demo catalog, and of the shared registry seed when this checkout has it. */
function loadTools(): NamedTool[] {
  const catalog = fileURLToPath(new URL('../../../catalog/', import.meta.url));
  const shared = fileURLToPath(new URL('../../../../shared/registry/tools/', import.meta.url));
  const files = [catalog, shared].flatMap((directory) =>
    existsSync(directory)
      ? readdirSync(directory)
          .filter((name) => name.endsWith('.json') && name !== 'index.json')
          .sort()
          .map((name) => directory + name)
      : [],
  );
  return files.flatMap((file) => {
    const data = JSON.parse(readFileSync(file, 'utf8')) as { qualifiedName: string; tools?: ToolDefinition[] };
    return (data.tools ?? []).map((tool) => ({ server: data.qualifiedName, tool }));
  });
}

const tools = loadTools();
const withOutput = tools.filter(({ tool }) => tool.outputSchema);

function call(server: string, toolDefinition: ToolDefinition, args: Record<string, unknown> = {}, occurrence = 1): ToolCall {
  return {
    namespace: 'ns',
    connectionId: 'c',
    server,
    tool: toolDefinition.name,
    arguments: args,
    argumentsKey: toCanonicalJson(args),
    occurrence,
    context: { serverName: server, serverDescription: '', toolDefinition, scenario: null, world: emptyWorld(), history: [] },
  };
}

const handWritten: Record<string, Record<string, unknown>> = {
  'a recursive tree through $defs': {
    $defs: {
      node: {
        type: 'object',
        properties: { name: { type: 'string', minLength: 3 }, children: { type: 'array', items: { $ref: '#/$defs/node' } } },
        required: ['name', 'children'],
      },
    },
    $ref: '#/$defs/node',
  },
  'draft-07 definitions and a self reference': {
    definitions: {
      list: { anyOf: [{ type: 'null' }, { type: 'object', properties: { next: { $ref: '#/definitions/list' } }, required: ['next'] }] },
    },
    type: 'object',
    properties: { head: { $ref: '#/definitions/list' } },
    required: ['head'],
  },
  'type lists, nullable, const and enum': {
    type: 'object',
    properties: {
      either: { type: ['string', 'integer', 'null'] },
      maybe: { type: 'string', nullable: true },
      kind: { const: 'issue' },
      state: { enum: ['open', 'closed'] },
    },
    required: ['either', 'kind', 'state'],
    additionalProperties: false,
  },
  'formats and bounds': {
    type: 'object',
    properties: {
      at: { type: 'string', format: 'date-time' },
      day: { type: 'string', format: 'date' },
      email: { type: 'string', format: 'email' },
      url: { type: 'string', format: 'uri' },
      id: { type: 'string', format: 'uuid' },
      short: { type: 'string', minLength: 2, maxLength: 4 },
      long: { type: 'string', minLength: 40 },
      count: { type: 'integer', minimum: 5, maximum: 7 },
      ratio: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
      even: { type: 'integer', multipleOf: 2, minimum: 1 },
      big: { type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 },
      code: { type: 'string', pattern: '^[a-z]{2}$' },
    },
    required: ['at', 'day', 'email', 'url', 'id', 'short', 'long', 'count', 'ratio', 'even', 'big', 'code'],
  },
  'array bounds, tuples and unique items (2020-12)': {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: {
      tags: { type: 'array', items: { enum: ['a', 'b', 'c'] }, minItems: 2, maxItems: 3, uniqueItems: true },
      pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }], items: false, minItems: 2 },
      none: { type: 'array', maxItems: 0 },
    },
    required: ['tags', 'pair', 'none'],
  },
  'allOf, oneOf with siblings, and records': {
    allOf: [
      { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
      { properties: { b: { type: 'boolean' } }, required: ['b'] },
    ],
    properties: {
      shape: {
        type: 'object',
        required: ['kind'],
        oneOf: [
          { properties: { kind: { const: 'circle' }, radius: { type: 'number' } }, required: ['radius'] },
          { properties: { kind: { const: 'square' } } },
        ],
      },
      labels: {
        type: 'object',
        additionalProperties: { type: 'integer' },
        propertyNames: { pattern: '^[a-z]+_[0-9]+$' },
        minProperties: 1,
      },
    },
    required: ['shape', 'labels'],
  },
  'examples and defaults': {
    type: 'object',
    properties: { city: { type: 'string', examples: ['Berlin', 'Lagos'] }, limit: { type: 'integer', default: 10, minimum: 1 } },
    required: ['city', 'limit'],
  },
};

describe('schema-valid synthetic values', () => {
  it.each(Object.entries(handWritten))('are valid against %s', (_name, schema) => {
    const validate = compile(schema);
    for (let seed = 1; seed <= 50; seed++) {
      const value = toSyntheticValue(schema, `seed-${seed}`);
      expect(validate(value), `${JSON.stringify(value)}\n${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it('are valid against every input and output schema of the catalog and the registry seed', () => {
    expect(withOutput.length).toBeGreaterThan(5);
    const failures: string[] = [];
    for (const { server, tool } of tools) {
      for (const [kind, schema] of [
        ['inputSchema', tool.inputSchema],
        ['outputSchema', tool.outputSchema],
      ] as const) {
        if (!schema) continue;
        const validate = compile(schema);
        for (let seed = 1; seed <= 4; seed++) {
          const value = toSyntheticValue(schema, `${server}/${tool.name}/${seed}`);
          if (!validate(value)) failures.push(`${server} ${tool.name} ${kind}: ${JSON.stringify(validate.errors?.[0])}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);
});

describe('the synthetic source', () => {
  const weather: ToolDefinition = {
    name: 'get_weather',
    inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
    outputSchema: {
      type: 'object',
      properties: {
        city: { type: 'string' },
        celsius: { type: 'number', minimum: -40, maximum: 45 },
        observedAt: { type: 'string', format: 'date-time' },
      },
      required: ['city', 'celsius', 'observedAt'],
    },
  };

  it('answers a tool with an outputSchema with structuredContent, its JSON as text, and the synthetic flag', async () => {
    const resolution = await createSyntheticSource().resolve(call('@acme/weather', weather, { city: 'Oslo' }));
    expect(resolution?.source).toBe('synthetic');
    expect(resolution?.result._meta).toEqual({ 'mcpsim/synthetic': true });
    expect(resolution?.result.isError).toBe(false);
    expect(compile(weather.outputSchema!)(resolution?.result.structuredContent)).toBe(true);
    expect(resolution?.result.content).toEqual([{ type: 'text', text: JSON.stringify(resolution?.result.structuredContent) }]);
  });

  it('answers a tool without an outputSchema with a text naming the tool and its arguments', async () => {
    const plain: ToolDefinition = { name: 'list_issues', inputSchema: { type: 'object' } };
    const resolution = await createSyntheticSource().resolve(call('@acme/tracker', plain, { state: 'open' }, 2));
    expect(resolution?.result.structuredContent).toBeUndefined();
    expect(resolution?.result.content).toEqual([
      {
        type: 'text',
        text: expect.stringMatching(/^Synthetic result of list_issues for \{"state":"open"\} \(call 2\): ref [a-z0-9]{10}\.$/),
      },
    ]);
  });

  it('gives the same bytes for the same call in every run (a pinned value, so a change to the generator shows)', async () => {
    const resolution = await createSyntheticSource({ seed: 'golden' }).resolve(call('@acme/weather', weather, { city: 'Oslo' }, 1));
    expect(JSON.stringify(resolution)).toBe(GOLDEN);
  });

  it('gives the same bytes from two separate sources for every catalog tool', async () => {
    const [first, second] = [createSyntheticSource({ seed: 's' }), createSyntheticSource({ seed: 's' })];
    for (const { server, tool } of tools.slice(0, 300)) {
      const request = call(server, tool, { q: 'x' }, 3);
      expect(JSON.stringify(await second.resolve(request))).toBe(JSON.stringify(await first.resolve(request)));
    }
  });

  it('usually gives different values for a repeated call, another seed, or other arguments', async () => {
    const source = createSyntheticSource();
    const other = createSyntheticSource({ seed: 'other' });
    let sameOccurrence = 0;
    let sameSeed = 0;
    let sameArguments = 0;
    for (const { server, tool } of withOutput) {
      const text = async (request: ToolCall, from = source) => JSON.stringify((await from.resolve(request))?.result);
      const first = await text(call(server, tool, {}, 1));
      if (first === (await text(call(server, tool, {}, 2)))) sameOccurrence++;
      if (first === (await text(call(server, tool, {}, 1), other))) sameSeed++;
      if (first === (await text(call(server, tool, { page: 2 }, 1)))) sameArguments++;
    }
    // Schemas made only of consts and enums can repeat; most cannot.
    for (const same of [sameOccurrence, sameSeed, sameArguments]) expect(same).toBeLessThan(withOutput.length * 0.1);
  });
});

const GOLDEN =
  '{"source":"synthetic","result":{"content":[{"type":"text","text":"{\\"city\\":\\"North Ottilieborough\\",\\"celsius\\":39.7,\\"observedAt\\":\\"2025-12-19T12:39:54Z\\"}"}],"structuredContent":{"city":"North Ottilieborough","celsius":39.7,"observedAt":"2025-12-19T12:39:54Z"},"isError":false,"_meta":{"mcpsim/synthetic":true}}}';
