/**
 * A tool's reading in the service model: what the inference found (tool-shape.ts: the kind, the
 * entity, the id argument, what an update sets), the arguments a list filters by, the ids a create
 * makes, and why each was read so. It is the one vocabulary for a tool: the simulator, `mcpsim
 * explain`, `check --explain` and the dashboard's tool list all take it from `readServer`
 * (read-server.ts), so what explain says is what the simulator does. Pure: the same definitions,
 * corrections and world give the same reading.
 */
import type { WorldState } from '../domain/memory-log.js';
import type { ToolDefinition } from '../domain/registry.js';
import type { EntityRecord } from '../domain/world-query.js';
import { toNewIdWithSource, type IdSource } from './id-format.js';
import type { IdSchemas } from './id-schemas.js';
import { toListFilters, type FilterKind } from './list-filters.js';
import { toWhy, type ReadingWhy } from './tool-explanation.js';
import type { ToolOverride } from './tool-operation.js';
import type { ToolShape } from './tool-shape.js';
import type { AnswerKind, KindReading } from './answer-kind.js';
import { namesHandedOutRecord } from './handed-out-ids.js';

export type { AnswerKind, FilterKind, ReadingWhy };

/** One tool's reading: its shape, with the filters, the id format and the reasons the model adds. */
export interface ToolReading extends ToolShape {
  /** How the simulator answers it (answer-kind.ts): a world operation (`create`, `transition`, `batch`, …) or `clock`, `screenshot`, `read-back`, …; its reason is `why.kind`. */
  kind: AnswerKind;
  /** On a list or search: each argument that selects entities, and how (list-filters.ts, the one rule). */
  filters: { argument: string; kind: FilterKind }[];
  /** The format of a new id of the entity: an example and where it was learned. */
  idFormat: { example: string; source: IdSource };
  /** The id the next create (or upsert) would get in the world read with, e.g. `issue_1`, `4`, `c_1002`; null for a tool that makes none. */
  nextId: string | null;
  /** A `method`-like argument that picks the kind per call: each value and what it does. */
  choices: { argument: string; values: Record<string, string> } | null;
  /** Why each finding was read so, in words. */
  why: ReadingWhy;
}

/** What a tool's reading needs beyond its definition and shape. */
export interface ReadingContext {
  /** The word most of the server's tools start with (`linear_`), or null. */
  prefix: string | null;
  /** The scenario's correction of this tool, if any. */
  override: ToolOverride | undefined;
  /** The schemas of the arguments that take the entity's id (its patterns and examples). */
  idSchemas: IdSchemas;
  /** The world whose ids a new id follows (none: an empty world). */
  world?: WorldState | undefined;
  /** How the simulator answers the tool, with why (the service model's `kindOf`). */
  kind: KindReading;
  /** Every tool's shape: whether a create names a record the service handed out (handed-out-ids.ts). */
  shapes?: ReadonlyMap<string, ToolShape> | undefined;
  /** The shape's ids as the simulator makes them (id-traits.ts `withIdTraits`): a new id's field and whether it is a number. */
  ids?: Pick<ToolShape, 'idField' | 'numericId'> | undefined;
}

/**
 * A tool's reading from its definition and shape.
 *
 * @example
 *   readServer(tools).readings.get('get_issue');
 *   // { operation: 'read', entity: 'issue', idArgument: 'issue_key', filters: [], idFormat: { example: 'OPS-1', source: 'project key' },
 *   //   nextId: null, why: { operation: 'the verb "get" in the name', ... }, ... }
 */
export function toToolReading(tool: ToolDefinition, shape: ToolShape, context: ReadingContext): ToolReading {
  const { idField, numericId } = context.ids ?? shape;
  const records: EntityRecord[] = Object.entries(context.world?.entities[shape.entity] ?? {}).map(([id, entity]) => ({
    id,
    fields: entity,
  }));
  const newId = toNewIdWithSource({
    type: shape.entity,
    existing: records.map((record) => record.id),
    numeric: numericId,
    field: idField,
    ...context.idSchemas,
    args: {},
    seed: `explain|${shape.entity}`,
  });
  const empty =
    records.length === 0
      ? newId
      : toNewIdWithSource({
          type: shape.entity,
          existing: [],
          numeric: numericId,
          field: idField,
          ...context.idSchemas,
          args: {},
          seed: `explain|${shape.entity}`,
        });
  // `send_invoice(invoice_id)` beside `create_invoice(...)` acts on an invoice the service made: it makes no id.
  const handedOut = context.shapes !== undefined && namesHandedOutRecord(shape, context.shapes);
  const makesIds = (shape.operation === 'create' && !handedOut) || shape.upsert;
  const filters = toListFilters(tool, shape);
  return {
    ...shape,
    kind: context.kind.kind,
    filters,
    idFormat: { example: empty.id, source: empty.source },
    nextId: makesIds ? newId.id : null,
    choices: shape.dispatch
      ? {
          argument: shape.dispatch.argument,
          values: Object.fromEntries(
            Object.entries(shape.dispatch.choices).map(([value, choice]) => [value, `${choice.operation} ${choice.entity}`]),
          ),
        }
      : null,
    why: toWhy(tool, shape, {
      prefix: context.prefix,
      override: context.override,
      filters: filters.map((filter) => filter.argument),
      heldIds: records.map((record) => record.id),
      idSource: makesIds ? newId.source : null,
      kind: context.kind.why,
      handedOut,
    }),
  };
}

/**
 * The reading's kind with its choices in one line: `create | update (by method)`.
 *
 * @example
 *   toOperationLabel(readServer([issueWrite]).readings.get('issue_write')!); // 'create | update (by method)'
 */
export function toOperationLabel(reading: Pick<ToolReading, 'operation' | 'choices'>): string {
  if (!reading.choices) return reading.operation;
  const operations = [...new Set(Object.values(reading.choices.values).map((value) => value.split(' ')[0]))];
  return `${operations.join(' | ')} (by ${reading.choices.argument})`;
}
