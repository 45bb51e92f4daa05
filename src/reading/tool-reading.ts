/**
 * How the stateful simulator reads each tool of a server, as plain data: the operation, the
 * entity, the id argument, the arguments it filters a list by (and how), and the format a new id
 * of the entity takes, with where that format came from. `mcpsim explain` and the dashboard show
 * it; the simulator itself answers from the same inference (tool-operation.ts, id-format.ts,
 * list-filters.ts). Pure: the same definitions give the same readings.
 */
import { toNewIdWithSource, type IdSource } from './id-format.js';
import type { ServiceModel } from './read-server.js';
import type { ToolShape } from './tool-operation.js';
import { toListFilters, type FilterKind } from './list-filters.js';

export type { FilterKind };

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
    const { patterns, descriptions, service } = model.idSchemasOf(shape.entity);
    const newId = toNewIdWithSource({
      type: shape.entity,
      existing: [],
      numeric: shape.numericId,
      field: shape.idField,
      patterns,
      descriptions,
      service,
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
      filters: toListFilters(tool, shape),
      idFormat,
    });
  }
  return readings;
}
