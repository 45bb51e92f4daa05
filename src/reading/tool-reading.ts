/**
 * How the stateful simulator reads each tool of a server, as plain data: the operation, the
 * entity, the id argument, the arguments it filters a list by (and how), and the format a new id
 * of the entity takes, with where that format came from. `mcpsim explain` and the dashboard show
 * it; the simulator itself answers from the same inference (tool-operation.ts, id-format.ts,
 * world-filter.ts). Pure: the same definitions give the same readings.
 */
import { toNewIdWithSource, type IdSource } from './id-format.js';
import { isPayloadArgument } from './argument-payload.js';
import type { ToolDefinition } from '../domain/registry.js';
import type { ServiceModel } from './read-server.js';
import type { ToolShape } from './tool-operation.js';
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

/**
 * Each tool's reading, by tool name, from the server's service model (corrections applied).
 *
 * @example
 *   toToolReadings(readServer(tools)).get('get_issue'); // { operation: 'read', entity: 'issue', idArgument: 'issue_key', filters: [], idFormat: { example: 'OPS-1', source: 'project key' }, ... }
 */
export function toToolReadings(model: ServiceModel): Map<string, ToolReading> {
  const { tools, shapes } = model;
  const readings = new Map<string, ToolReading>();
  for (const tool of tools) {
    const shape = shapes.get(tool.name)!;
    const { patterns, descriptions } = model.idSchemasOf(shape.entity);
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
