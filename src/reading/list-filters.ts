/**
 * Which arguments of a list or search select entities, and how: the one rule. The simulator's
 * list answer (sim/stateful/world-list.ts, through `dataArguments` in world-conventions.ts), the tool reading
 * (tool-reading.ts) and `mcpsim explain` (tool-explanation.ts) all ask it, so what explain says a
 * list filters by is what the simulator filters by.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { isControlArgument, isQueryArgument } from '../domain/world-query.js';
import { isPayloadArgument } from './argument-payload.js';
import type { ToolShape } from './tool-shape.js';
import { toConditions } from './world-filter.js';

/** How a list or search uses one argument. */
export type FilterKind = 'equality' | 'range' | 'group' | 'query' | 'ids' | 'type';

/**
 * Whether an argument (or a payload's entry, once spread) carries data rather than picking the
 * operation (`method`) or paging and shaping the answer (`limit`, `cursor`, `sort`, `fields: [...]`).
 *
 * @example
 *   isDataArgument('state', null); // true
 *   isDataArgument('per_page', null); // false
 */
export function isDataArgument(name: string, dispatchArgument: string | null | undefined): boolean {
  return name !== dispatchArgument && !isControlArgument(name);
}

const typeNames = new Set(['objecttype', 'object', 'type', 'entitytype', 'entity', 'resource', 'resourcetype', 'kind', 'collection']);

/**
 * The arguments a list or search filters by, read from its schema, with how each selects; empty
 * for any other operation. A payload (`properties`, `fields: {...}`) counts: its entries filter.
 *
 * @example
 *   toListFilters(listIssues, shapes.get('list_issues')!); // [{ argument: 'state', kind: 'equality' }, { argument: 'since', kind: 'range' }]
 */
export function toListFilters(tool: ToolDefinition, shape: ToolShape): { argument: string; kind: FilterKind }[] {
  if (shape.operation !== 'list' && shape.operation !== 'search') return [];
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const filters: { argument: string; kind: FilterKind }[] = [];
  for (const [name, schema] of Object.entries(properties)) {
    if (!isDataArgument(name, shape.dispatch?.argument) && !(isPayloadArgument(name) && name !== shape.dispatch?.argument)) continue;
    const normal = name.toLowerCase().replace(/[^a-z0-9]/g, '');
    const example = schema.type === 'number' || schema.type === 'integer' ? 1 : schema.type === 'string' ? '2026-01-01' : {};
    let kind: FilterKind = 'equality';
    if (isQueryArgument(name) || (schema.type === 'string' && ['jql', 'cql', 'filter', 'where', 'querystring'].includes(normal)))
      kind = 'query';
    else if (typeNames.has(normal)) kind = 'type';
    else if (schema.type === 'array' && /ids$|identifiers$|keys$|numbers$/.test(normal)) kind = 'ids';
    else {
      const conditions = toConditions(name, example);
      if (conditions !== null) kind = typeof example === 'object' ? 'group' : 'range';
    }
    filters.push({ argument: name, kind });
  }
  return filters;
}
