/**
 * How the stateful simulator reads each tool of a server, as plain data: the operation, the
 * entity, the id argument, the arguments it filters a list by (and how), and the format a new id
 * of the entity takes, with where that format came from. `mcpsim explain` and the dashboard show
 * it; the simulator itself answers from the same inference (tool-operation.ts, id-format.ts,
 * world-filter.ts). Pure: the same definitions give the same readings.
 */
import { toWords } from './entity-words.js';
import { toNewIdWithSource, type IdSource } from './id-format.js';
import { isPayloadArgument } from './argument-payload.js';
import type { ToolDefinition } from '../domain/registry.js';
import { inferServerShapes, type ToolOverride, type ToolShape } from './tool-operation.js';
import { toConditions } from './world-filter.js';
import { isControlArgument, isPagingArgument, isQueryArgument } from '../domain/world-query.js';

/** How a list or search uses one argument. */
export type FilterKind = 'equality' | 'range' | 'group' | 'query' | 'ids' | 'type';

export interface ToolReading {
  tool: string;
  operation: ToolShape['operation'];
  entity: string;
  idArgument: string | null;
  idField: string;
  /** What decided the operation: the scenario, the name, the annotations, or nothing. */
  basis: ToolShape['basis'];
  /** On a list or search: each argument that selects entities, and how. */
  filters: { argument: string; kind: FilterKind }[];
  /** The format of a new id of the entity: an example and where it was learned. */
  idFormat: { example: string; source: IdSource };
}

/** The `pattern`s and descriptions of the arguments that take an entity's id. */
export interface IdSchemas {
  patterns: string[];
  descriptions: string[];
}

/**
 * Each tool's reading, by tool name, with the scenario's overrides applied.
 *
 * @example
 *   toToolReadings(tools).get('get_issue'); // { operation: 'read', entity: 'issue', idArgument: 'issue_key', filters: [], idFormat: { example: 'OPS-1', source: 'project key' }, ... }
 */
export function toToolReadings(
  tools: readonly ToolDefinition[],
  overrides: Readonly<Record<string, ToolOverride>> = {},
  serverNames: readonly string[] = [],
): Map<string, ToolReading> {
  const shapes = inferServerShapes(tools, overrides, serverNames);
  const readings = new Map<string, ToolReading>();
  for (const tool of tools) {
    const shape = shapes.get(tool.name)!;
    const { patterns, descriptions } = toIdSchemas(tools, shapes, shape.entity);
    const newId = toNewIdWithSource({
      type: shape.entity,
      existing: [],
      numeric: shape.numericId,
      field: shape.idField,
      patterns,
      descriptions,
      args: {},
      seed: `explain|${shape.entity}`,
    });
    const idFormat = { example: newId.id, source: newId.source };
    readings.set(tool.name, {
      tool: tool.name,
      operation: shape.operation,
      entity: shape.entity,
      idArgument: shape.idArgument,
      idField: shape.idField,
      basis: shape.basis,
      filters: shape.operation === 'list' || shape.operation === 'search' ? toFilters(tool, shape) : [],
      idFormat,
    });
  }
  return readings;
}

/**
 * The schemas of the arguments that take an entity's id: the id arguments of its reads, updates
 * and deletes, and `<entity>_id`/`<entity>_key` arguments of any tool.
 *
 * @example
 *   toIdSchemas(tools, inferServerShapes(tools), 'issue'); // { patterns: ['^[A-Z]+-\\d+$'], descriptions: ['The issue key, e.g. OPS-123'] }
 */
export function toIdSchemas(tools: readonly ToolDefinition[], shapes: ReadonlyMap<string, ToolShape>, entity: string): IdSchemas {
  const patterns = new Set<string>();
  const descriptions: string[] = [];
  const add = (schema: unknown) => {
    if (schema === null || typeof schema !== 'object') return;
    const { pattern, description, examples, format } = schema as Record<string, unknown>;
    if (typeof pattern === 'string') patterns.add(pattern);
    // `format: uuid` (Notion's user_id) is a pattern all the same: a new id must pass it.
    if (format === 'uuid') patterns.add(uuidPattern);
    if (typeof description === 'string') descriptions.push(description);
    if (Array.isArray(examples)) descriptions.push(examples.filter((example) => typeof example === 'string').join(' '));
  };
  for (const tool of tools) {
    const properties = (tool.inputSchema.properties ?? {}) as Record<string, unknown>;
    const shape = shapes.get(tool.name);
    const choices = shape?.dispatch ? Object.values(shape.dispatch.choices) : shape ? [shape] : [];
    for (const choice of choices)
      if (choice.entity === entity && choice.idArgument !== null && choice.operation !== 'create') add(properties[choice.idArgument]);
    for (const [name, schema] of Object.entries(properties)) {
      const words = toWords(name);
      const last = words[words.length - 1];
      if (words.length > 1 && (last === 'id' || last === 'key') && words.slice(0, -1).join('_') === entity) add(schema);
      // `thread_ts`: "The timestamp of the parent message" takes a message's id.
      else if (idWords.has(last ?? '') && describesIdOf(schema, entity)) add(schema);
    }
  }
  return { patterns: [...patterns], descriptions };
}

const uuidPattern = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

/** Last words of arguments that hold an id of something. */
const idWords = new Set(['id', 'key', 'ts', 'timestamp', 'number', 'uuid', 'gid']);

/** Whether an argument's description says it holds the id of an entity of this type: "The timestamp of the parent message". */
function describesIdOf(schema: unknown, entity: string): boolean {
  const description = (schema as { description?: unknown } | null)?.description;
  if (typeof description !== 'string') return false;
  return new RegExp(
    `\\b(?:id|identifier|timestamp|ts|key|number) of (?:the |a |an )?(?:parent |original )?${entity.replace(/_/g, ' ')}\\b`,
    'i',
  ).test(description);
}

const typeNames = new Set(['objecttype', 'object', 'type', 'entitytype', 'entity', 'resource', 'resourcetype', 'kind', 'collection']);

function toFilters(tool: ToolDefinition, shape: ToolShape): ToolReading['filters'] {
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const filters: ToolReading['filters'] = [];
  for (const [name, schema] of Object.entries(properties)) {
    if (isPagingArgument(name) || (isControlArgument(name) && !isPayloadArgument(name)) || name === shape.dispatch?.argument) continue;
    const normal = name.toLowerCase().replace(/[^a-z0-9]/g, '');
    const example = schema.type === 'number' || schema.type === 'integer' ? 1 : schema.type === 'string' ? '2026-01-01' : {};
    let kind: FilterKind = 'equality';
    if (isQueryArgument(name) || (schema.type === 'string' && ['jql', 'cql', 'filter', 'where', 'querystring'].includes(normal)))
      kind = 'query';
    else if (typeNames.has(normal)) kind = 'type';
    else if (schema.type === 'array' && /ids$|keys$|numbers$/.test(normal)) kind = 'ids';
    else {
      const conditions = toConditions(name, example);
      if (conditions !== null) kind = typeof example === 'object' ? 'group' : 'range';
    }
    filters.push({ argument: name, kind });
  }
  return filters;
}
