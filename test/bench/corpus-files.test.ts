/**
 * The labelled corpus's files keep the rules of bench/corpus/README.md: each server file is named
 * for its npm package and says where it came from, each label file labels every tool of its
 * server and nothing else, with kinds from the vocabulary, id and parent arguments the tool takes,
 * and a walk over tools that exist. And the halves stay where they were fixed.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { toUnwrappedTools } from '../../src/reading/envelope-arguments.js';
import { propertiesOf } from '../../src/reading/tool-id-argument.js';
import { createArgumentValidator } from '../../src/sim/argument-validator.js';
import { labelKinds, loadCorpus, loadSecondLabels, orphanLabels, toLabelKinds } from '../../bench/corpus/corpus-files.js';
import { corpusHalf, ownServersTunedOn, toCorpusName } from '../../bench/corpus/split.js';

const corpus = loadCorpus();
const snakeCase = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

describe('the labelled corpus files', () => {
  it('holds at least one server', () => {
    expect(corpus.length).toBeGreaterThan(0);
  });

  it.each(corpus.map((entry) => [entry.server.name, entry] as const))(
    '%s: is named for its package and says where it came from',
    (_name, entry) => {
      const { server } = entry;
      expect(server.name).toBe(toCorpusName(server.provenance.npm));
      expect(server.provenance).toMatchObject({
        npm: expect.any(String),
        version: expect.stringMatching(/^\d+\.\d+\.\d+/),
        file: expect.any(String),
      });
      expect(server.provenance.file).not.toBe('');
      expect(server.kind).toMatch(/\S/);
      expect(server.tools.length).toBeGreaterThan(0);
      const names = server.tools.map((tool) => tool.name);
      expect(new Set(names).size).toBe(names.length);
    },
  );

  const labelled = corpus.flatMap((entry) => (entry.labels ? [[entry.server.name, entry.server, entry.labels] as const] : []));
  // A second labelling (second-labels/, for bench:agreement) keeps the same rules.
  const secondLabelled = corpus.flatMap((entry) => {
    const second = loadSecondLabels(entry.server.name);
    return second ? [[`${entry.server.name} (second labels)`, entry.server, second] as const] : [];
  });

  it.each([...labelled, ...secondLabelled])('%s: labels every tool and only its tools, in the vocabulary', (_name, server, labels) => {
    expect(labels.server).toBe(server.name);
    const tools = new Map(server.tools.map((tool) => [tool.name, tool]));
    const problems = [...tools.keys()].filter((tool) => !Object.hasOwn(labels.tools, tool)).map((tool) => `${tool}: no label`);
    for (const [toolName, label] of Object.entries(labels.tools)) {
      if (!tools.has(toolName)) {
        problems.push(`${toolName}: labelled, but the server has no such tool`);
        continue;
      }
      // An argument inside an envelope (`request: {projectKey, …}`) is named as the reader reads it, by its own name.
      const tool = tools.get(toolName)!;
      const properties = [...Object.keys(propertiesOf(tool)), ...Object.keys(propertiesOf(toUnwrappedTools([tool]).tools[0]!))];
      for (const kind of toLabelKinds(label))
        if (!(labelKinds as readonly string[]).includes(kind)) problems.push(`${toolName}: kind "${kind}" is not in the vocabulary`);
      // `a|b` where either reading is fair, for entities and arguments as for kinds.
      for (const entity of label.entity?.split('|') ?? [])
        if (!snakeCase.test(entity)) problems.push(`${toolName}: entity "${entity}" is not snake_case`);
      for (const argument of [label.idArgument, label.parentArgument].flatMap((labelled) => labelled?.split('|') ?? []))
        if (!properties.includes(argument)) problems.push(`${toolName}: takes no argument "${argument}"`);
      if (label.stateChange !== undefined && typeof label.stateChange.field !== 'string')
        problems.push(`${toolName}: stateChange has no field`);
    }
    expect(problems).toEqual([]);
  });

  it.each(labelled.filter(([, , labels]) => labels.walk !== undefined))(
    '%s: walks tools it has, with ids saved before use',
    (_name, server, labels) => {
      const saved = new Set<string>();
      const problems: string[] = [];
      for (const [index, step] of (labels.walk ?? []).entries()) {
        if (!server.tools.some((tool) => tool.name === step.tool)) problems.push(`step ${index + 1}: no tool "${step.tool}"`);
        // A value `$name` is a saved id; a key such as Pinecone's `$eq` is the service's own operator.
        for (const use of savedUses([step.args, step.expect]))
          if (!saved.has(use)) problems.push(`step ${index + 1}: "$${use}" is not saved by an earlier step`);
        if (step.save) saved.add(step.save.as);
      }
      expect(problems).toEqual([]);
    },
  );

  // A walk checks the simulator, so every call it makes must be one the real server would accept:
  // an argument its input schema refuses is refused by the simulator too, and the step measures the walk.
  const validate = createArgumentValidator();
  it.each(labelled.filter(([, , labels]) => labels.walk !== undefined))(
    '%s: walks with arguments the input schemas accept',
    (_name, server, labels) => {
      const problems = (labels.walk ?? []).flatMap((step, index) => {
        const tool = server.tools.find((candidate) => candidate.name === step.tool);
        const problem = tool ? validate(tool, withStandIns(tool.inputSchema, step.args ?? {}) as Record<string, unknown>) : null;
        return problem === null ? [] : [`step ${index + 1}: ${problem}`];
      });
      expect(problems).toEqual([]);
    },
  );

  it('has no label file without its server', () => {
    expect(orphanLabels()).toEqual([]);
  });
});

describe('corpusHalf', () => {
  it('puts each name in the half its fixed hash gave it', () => {
    expect(corpusHalf({ name: 'stripe__mcp' })).toBe('held-out');
    expect(corpusHalf({ name: 'notionhq__notion-mcp-server' })).toBe('held-out');
    expect(corpusHalf({ name: 'modelcontextprotocol__server-github' })).toBe('tuning');
    expect(corpusHalf({ name: 'upstash__context7-mcp' })).toBe('tuning');
  });

  it('puts a server the rules were tuned on in the tuning half whatever its hash', () => {
    expect(corpusHalf({ name: 'stripe__mcp', tunedOn: 'bench/public-servers.ts' })).toBe('tuning');
    // Users' own servers driven with a scenario (tuned-on.json): Backlog's and monday.com's names hash to held-out.
    expect(corpusHalf({ name: toCorpusName('backlog-mcp-server') })).toBe('tuning');
    expect(corpusHalf({ name: toCorpusName('@mondaydotcomorg/monday-api-mcp') })).toBe('tuning');
  });

  it('lists only own servers whose tools a test still drives', () => {
    for (const what of ownServersTunedOn.values()) {
      const file = /^test\/sim\/servers\/[\w.-]+\.json/.exec(what)?.[0];
      expect(file, what).toBeDefined();
      expect(existsSync(new URL(`../../${file}`, import.meta.url)), what).toBe(true);
    }
  });
});

/** The names of the saved values a step's arguments and expectations use (`"$node"` values, never keys). */
function savedUses(value: unknown): string[] {
  if (typeof value === 'string') return /^\$[A-Za-z_]\w*$/.test(value) ? [value.slice(1)] : [];
  if (Array.isArray(value)) return value.flatMap(savedUses);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(savedUses);
  return [];
}

/** Stand-in ids tried against a pattern, shortest first: digits, then two of them for a pattern that asks for a first and a last character. */
const standInIds = ['1', '11'];

/** A stand-in for a saved id where the schema asks for a UUID (`format: "uuid"`). */
const standInUuid = '00000000-0000-4000-8000-000000000001';

/** The stand-ins tried against a pattern: the digits above, then the same after the literal prefix the pattern opens with (`^file-api-[a-z0-9]+$` → `file-api-1`). */
function standInsFor(pattern: string): string[] {
  const prefix = /^\^([A-Za-z0-9_-]*)/.exec(pattern)?.[1] ?? '';
  return prefix === '' ? standInIds : [...standInIds, ...standInIds.map((id) => prefix + id)];
}

/**
 * The arguments with each saved value (`"$node"`) replaced by a stand-in of the type the schema asks
 * there: a saved id is whatever the simulator answered, a number where the service's ids are numbers, digits where a pattern asks for them (two where it asks for at least two, after the pattern's literal prefix where it has one), a UUID where the schema asks for one.
 */
function withStandIns(schema: unknown, value: unknown): unknown {
  const at = (schema ?? {}) as Record<string, unknown>;
  if (typeof value === 'string' && /^\$[A-Za-z_]\w*$/.test(value))
    return wantsNumber(at)
      ? 1
      : typeof at.pattern === 'string'
        ? (standInsFor(at.pattern).find((id) => new RegExp(at.pattern as string).test(id)) ?? value)
        : at.format === 'uuid'
          ? standInUuid
          : value;
  if (Array.isArray(value)) return value.map((item) => withStandIns(at.items, item));
  if (value !== null && typeof value === 'object') {
    const properties = (at.properties ?? {}) as Record<string, unknown>;
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, withStandIns(properties[key] ?? at.additionalProperties, item)]),
    );
  }
  return value;
}

/** Whether a schema takes a number and not a string (`type: "integer"`, `["number", "null"]`, an `anyOf` of numbers). */
function wantsNumber(schema: Record<string, unknown>): boolean {
  const types = [
    schema.type,
    ...[schema.anyOf, schema.oneOf].flatMap((branches) =>
      Array.isArray(branches) ? branches.map((branch) => (branch as Record<string, unknown>).type) : [],
    ),
  ].flat();
  return types.some((type) => type === 'number' || type === 'integer') && !types.includes('string');
}
