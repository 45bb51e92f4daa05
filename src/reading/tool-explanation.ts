/**
 * How the simulator reads each tool of a server, said in words: the operation, the entity, the
 * argument that names it, the arguments a list or search filters by, and the ids a create makes,
 * each with why. `mcpsim explain`, `mcpsim check --explain` and the dashboard's tool list show
 * it, so a QA author sees a misreading before a step fails and knows which `tools:` correction
 * fixes it (docs/simulator.md, "Seeing how a tool is read").
 *
 * Pure: it reads the same inference the simulator runs (tool-operation.ts) and asks nothing else.
 */
import type { WorldState } from '../domain/memory-log.js';
import type { ToolDefinition } from '../domain/registry.js';
import { propertiesOf } from './tool-id-argument.js';
import { parseToolName, toCommonPrefix } from './tool-name.js';
import type { ServiceModel } from './read-server.js';
import type { ToolOverride, ToolShape } from './tool-operation.js';
import type { ToolOperation } from './tool-verbs.js';
import { toNewIdWithSource, type IdSource } from './id-format.js';
import type { IdSchemas } from './id-schemas.js';
import { toListFilters } from './list-filters.js';
import { isControlArgument, isQueryArgument, type EntityRecord } from '../domain/world-query.js';

/** What the inference found about one tool, with one reason per finding. */
export interface ToolExplanation {
  tool: string;
  operation: ToolOperation;
  entity: string;
  /** The argument that names the entity (on a create, a key the caller chooses), or null. */
  idArgument: string | null;
  /** Arguments a list or search matches against the entities' fields; `query`-like ones search text. */
  filters: string[];
  /** The id the next create would get in the given world, e.g. `issue_1`, `4`, `c_1002`. */
  nextId: string | null;
  /** A `method`-like argument that picks the operation per call: each value and what it does. */
  choices: { argument: string; values: Record<string, string> } | null;
  why: { operation: string; entity: string; id: string; filters: string; idFormat: string };
}

/**
 * The explanation of every tool of a server, in the server's order, from its service model
 * (corrections applied), with ids as a create in `world` would make them.
 *
 * @example
 *   explainTools(readServer(tools))[0];
 *   // { tool: 'create_ticket', operation: 'create', entity: 'ticket', idArgument: null, filters: [], nextId: 'ticket_1',
 *   //   why: { operation: 'the verb "create" in the name', ... } }
 */
export function explainTools(model: ServiceModel, world?: WorldState): ToolExplanation[] {
  const { tools, shapes, corrections } = model;
  const prefix = toCommonPrefix(tools);
  return tools.map((tool) => {
    const shape = shapes.get(tool.name)!;
    return explainShape(tool, shape, prefix, corrections[tool.name], world, model.idSchemasOf(shape.entity));
  });
}

/** The explanation's operation with its choices in one line: `create | update (by method)`. */
export function toOperationLabel(explanation: Pick<ToolExplanation, 'operation' | 'choices'>): string {
  if (!explanation.choices) return explanation.operation;
  const operations = [...new Set(Object.values(explanation.choices.values).map((value) => value.split(' ')[0]))];
  return `${operations.join(' | ')} (by ${explanation.choices.argument})`;
}

function explainShape(
  tool: ToolDefinition,
  shape: ToolShape,
  prefix: string | null,
  override: ToolOverride | undefined,
  world: WorldState | undefined,
  idSchemas: IdSchemas,
): ToolExplanation {
  const parsed = parseToolName(tool.name, prefix);
  const filters = toFilters(tool, shape);
  const records: EntityRecord[] = Object.entries(world?.entities[shape.entity] ?? {}).map(([id, entity]) => ({ id, fields: entity }));
  const makesIds = shape.operation === 'create' || shape.upsert;
  const newId = makesIds
    ? toNewIdWithSource({
        type: shape.entity,
        existing: records.map((record) => record.id),
        numeric: shape.numericId,
        field: shape.idField,
        ...idSchemas,
        args: {},
        seed: `explain|${shape.entity}`,
      })
    : null;
  const nextId = newId?.id ?? null;
  const choices = shape.dispatch
    ? {
        argument: shape.dispatch.argument,
        values: Object.fromEntries(
          Object.entries(shape.dispatch.choices).map(([value, choice]) => [value, `${choice.operation} ${choice.entity}`]),
        ),
      }
    : null;
  return {
    tool: tool.name,
    operation: shape.operation,
    entity: shape.entity,
    idArgument: shape.idArgument,
    filters,
    nextId,
    choices,
    why: {
      operation: whyOperation(shape, parsed, override),
      entity: whyEntity(shape, parsed, prefix, override),
      id: whyId(shape, override),
      filters: whyFilters(shape, filters, tool),
      idFormat: whyIdFormat(shape, records, newId?.source ?? null, tool),
    },
  };
}

function whyOperation(shape: ToolShape, parsed: ReturnType<typeof parseToolName>, override: ToolOverride | undefined) {
  if (override?.operation) return "the scenario's tools: correction";
  const verb = parsed.verb === null ? null : `the verb "${parsed.verb}" in the name`;
  if (shape.dispatch) return `${verb ?? 'the name'}; the argument "${shape.dispatch.argument}" picks the operation per call`;
  if (shape.listField)
    return `"${parsed.verb}" with an argument that names another tool's ${shape.entity}: it changes that ${shape.entity}'s ${shape.listField.field}`;
  if (shape.basis === 'annotations') return `readOnlyHint: true${verb ? `, over ${verb}` : ', with no verb in the name'}`;
  if (shape.operation === 'other') {
    if (parsed.meaning && (parsed.meaning.operation === 'update' || parsed.meaning.operation === 'delete'))
      return `${verb} would ${parsed.meaning.operation}, but no argument names the entity: acknowledged as another action`;
    return parsed.meaning ? `${verb}, an action on no entity` : 'no verb in the name: acknowledged as another action';
  }
  const extras: string[] = [];
  if (parsed.meaning?.operation === 'read' && shape.operation === 'list') extras.push(`of a plural ("${parsed.entityWords.join('_')}s")`);
  if (shape.find) extras.push('finding one by field values');
  if (shape.upsert) extras.push('creating what it does not find');
  const sets = Object.entries(shape.sets).map(
    ([field, value]) => `${field === 'state' ? 'state (or status)' : field} to ${JSON.stringify(value)}`,
  );
  if (sets.length > 0) extras.push(`setting ${sets.join(', ')}`);
  return [verb ?? 'the name', ...extras].join(', ');
}

function whyEntity(shape: ToolShape, parsed: ReturnType<typeof parseToolName>, prefix: string | null, override: ToolOverride | undefined) {
  if (override?.entity) return "the scenario's tools: correction";
  if (shape.listField) return `the ${shape.entity} that "${shape.idArgument}" names in the server's other tools`;
  const words = parsed.entityWords.join('_');
  const dropped = prefix ? `, without the prefix "${prefix}" most tools share` : '';
  if (words === 'item') return `no noun in the name${dropped}: a generic item`;
  if (words !== shape.entity)
    return `the words "${words}" of the name, less "${words.slice(0, -shape.entity.length - 1)}", another tool's entity${dropped}`;
  return `the words "${words}" of the name${dropped}`;
}

function whyId(shape: ToolShape, override: ToolOverride | undefined) {
  const corrected = override?.id !== undefined ? "the scenario's tools: correction; " : '';
  if (shape.idArgument === null) {
    if (shape.operation === 'create') return `${corrected}no key the caller chooses: the simulator makes the id`;
    if (shape.operation === 'list' || shape.operation === 'search') return `${corrected}a list names no single entity`;
    if (shape.operation === 'read')
      return `${corrected}no argument names one entity: it answers the ${shape.entity} its arguments describe, made up once and remembered`;
    return `${corrected}no argument names one entity`;
  }
  const field = shape.idField === shape.idArgument ? '' : ` (its field "${shape.idField}" in results)`;
  if (shape.operation === 'create') return `${corrected}"${shape.idArgument}" is the key the caller chooses${field}`;
  const unknown = shape.strict ? 'an unknown one is a not-found' : 'an unknown one is made up once and remembered';
  return `${corrected}"${shape.idArgument}" names the ${shape.entity}${field}; ${unknown}`;
}

/** The arguments a list or search filters by: the one rule the simulator's list answer follows (list-filters.ts). */
function toFilters(tool: ToolDefinition, shape: ToolShape): string[] {
  return toListFilters(tool, shape).map((filter) => filter.argument);
}

function whyFilters(shape: ToolShape, filters: readonly string[], tool: ToolDefinition) {
  if (shape.operation !== 'list' && shape.operation !== 'search') return 'only a list or search filters';
  const controls = Object.keys(propertiesOf(tool)).filter((name) => isControlArgument(name) && !filters.includes(name));
  const text = filters.filter((name) => isQueryArgument(name));
  const parts = [filters.length > 0 ? `each argument is matched against the ${shape.entity}'s field of that name` : 'it takes no filter'];
  if (text.length > 0) parts.push(`${text.join(', ')} searches the text of every field`);
  if (controls.length > 0) parts.push(`${controls.join(', ')} only page or shape the answer`);
  return parts.join('; ');
}

function whyIdFormat(shape: ToolShape, records: readonly EntityRecord[], source: IdSource | null, tool: ToolDefinition) {
  const pattern = shape.idArgument ? propertiesOf(tool)[shape.idArgument]?.pattern : undefined;
  const patternNote = typeof pattern === 'string' ? `; "${shape.idArgument}" must match ${pattern}` : '';
  const held = records
    .map((record) => record.id)
    .slice(-3)
    .join(', ');
  if (source === null) return `ids are the ones the world holds${held ? ` (${held})` : ''} or a create made${patternNote}`;
  if (source === 'world') return `after the world's ${shape.entity} ids (${held})${patternNote}`;
  if (source === 'project key') return `a project key and a number, as an id argument's pattern or example shows${patternNote}`;
  if (source === 'example') return `like the example in the description of an argument that takes the id${patternNote}`;
  if (source === 'pattern') return `a string the pattern of an argument that takes the id matches${patternNote}`;
  if (source === 'convention') return `40 hexadecimal digits, as a git commit's sha is${patternNote}`;
  if (source === 'service') return `the service's own id format (data/id-formats.json, from its API reference)${patternNote}`;
  if (shape.numericId) return `numbers counting up: "${shape.idField}" is a number${patternNote}`;
  return `the entity's name and a count, as nothing shows the format${patternNote}`;
}
