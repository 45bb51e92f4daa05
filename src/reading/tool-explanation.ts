/**
 * Why a tool is read so, in words: the kind, the entity, the argument that names it, the arguments
 * a list or search filters by, and the ids a create makes. Each tool's reading (tool-reading.ts)
 * carries it, so `mcpsim explain`, `mcpsim check --explain` and the dashboard's tool list show it,
 * and a QA author sees a misreading before a step fails and knows which `tools:` correction fixes
 * it (docs/simulator.md, "Seeing how a tool is read").
 *
 * Pure: it reads the same inference the simulator runs (tool-operation.ts) and asks nothing else.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { propertiesOf } from './tool-id-argument.js';
import { toGeoEntity } from './geo-entity.js';
import { toDescribedVerbObject } from './described-verb-object.js';
import { parseToolName } from './tool-name.js';
import { toPlural } from './entity-words.js';
import type { ToolOverride, ToolShape } from './tool-operation.js';
import type { IdSource } from './id-format.js';
import { isControlArgument, isQueryArgument } from '../domain/world-query.js';

/** One reason per finding of a tool's reading. */
export interface ReadingWhy {
  /** Why the simulator answers it as its kind (answer-kind.ts). */
  kind: string;
  operation: string;
  entity: string;
  id: string;
  filters: string;
  idFormat: string;
}

/** What the reasons are worked out from beyond the tool and its shape. */
export interface WhyInput {
  prefix: string | null;
  override: ToolOverride | undefined;
  /** The arguments the list filters by (list-filters.ts). */
  filters: readonly string[];
  /** The ids the world holds for the entity, in order. */
  heldIds: readonly string[];
  /** Where a new id's format came from; null for a tool that makes no ids. */
  idSource: IdSource | null;
  /** Why the tool is answered as its kind (answer-kind.ts). */
  kind: string;
  /** A create whose id argument names a record the service handed out (handed-out-ids.ts). */
  handedOut?: boolean;
}

/**
 * The reasons for a tool's reading.
 *
 * @example
 *   toWhy(createTicket, shape, { prefix: null, override: undefined, filters: [], heldIds: [], idSource: 'pattern' }).operation;
 *   // 'the verb "create" in the name'
 */
export function toWhy(tool: ToolDefinition, shape: ToolShape, input: WhyInput): ReadingWhy {
  const parsed = parseToolName(tool.name, input.prefix);
  return {
    kind: input.kind,
    operation: whyOperation(shape, parsed, input.override),
    entity: whyEntity(tool, shape, parsed, input.prefix, input.override),
    id: whyId(shape, input.override, input.handedOut === true),
    filters: whyFilters(shape, input.filters, tool),
    idFormat: whyIdFormat(shape, input.heldIds, input.idSource, tool),
  };
}

function whyOperation(shape: ToolShape, parsed: ReturnType<typeof parseToolName>, override: ToolOverride | undefined) {
  if (override?.operation) return "the scenario's tools: correction";
  const verb = parsed.verb === null ? null : `the verb "${parsed.verb}" in the name`;
  if (shape.dispatch) return `${verb ?? 'the name'}; the argument "${shape.dispatch.argument}" picks the operation per call`;
  if (shape.listField?.why !== undefined) return shape.listField.why;
  if (shape.listField)
    return `"${parsed.verb}" with an argument that names another tool's ${shape.entity}: it changes that ${shape.entity}'s ${shape.listField.field}`;
  if (shape.basis === 'description') return `no verb in the name: its description starts as a ${shape.operation} does`;
  if (shape.basis === 'annotations') return `readOnlyHint: true${verb ? `, over ${verb}` : ', with no verb in the name'}`;
  if (shape.operation === 'other') {
    if (parsed.meaning && (parsed.meaning.operation === 'update' || parsed.meaning.operation === 'delete'))
      return `${verb} would ${parsed.meaning.operation}, but no argument names the entity: acknowledged as another action`;
    return parsed.meaning ? `${verb}, an action on no entity` : 'no verb in the name: acknowledged as another action';
  }
  const extras: string[] = [];
  if (parsed.meaning?.operation === 'read' && shape.operation === 'list')
    extras.push(`of a plural ("${toPlural(parsed.entityWords.join('_'))}")`);
  if (shape.find) extras.push('finding one by field values');
  if (shape.upsert) extras.push('creating what it does not find');
  const sets = Object.entries(shape.sets).map(
    ([field, value]) => `${field === 'state' ? 'state (or status)' : field} to ${JSON.stringify(value)}`,
  );
  if (sets.length > 0) extras.push(`setting ${sets.join(', ')}`);
  return [verb ?? 'the name', ...extras].join(', ');
}

function whyEntity(
  tool: ToolDefinition,
  shape: ToolShape,
  parsed: ReturnType<typeof parseToolName>,
  prefix: string | null,
  override: ToolOverride | undefined,
) {
  if (override?.entity) return "the scenario's tools: correction";
  if (shape.entityWhy !== undefined) return shape.entityWhy;
  if (shape.listField?.why !== undefined) return `the ${shape.entity} its description adds or removes, named by "${shape.idArgument}"`;
  if (shape.listField) return `the ${shape.entity} that "${shape.idArgument}" names in the server's other tools`;
  const words = parsed.entityWords.join('_');
  // `maps_direction_walking` answers a route (geo-entity.ts): the rule says why.
  const geo = toGeoEntity({ ...shape, entity: words }, tool);
  if (geo?.entity === shape.entity) return geo.why;
  // `logout_session` "Revoke a specific session": the description's verb and object (described-verb-object.ts).
  const object = parsed.meaning === null ? toDescribedVerbObject(parsed.entityWords, tool.description ?? '') : null;
  if (object?.join('_') === shape.entity)
    return `the words "${shape.entity}" that end the name, the object of its description's first verb; "${words.slice(0, -shape.entity.length - 1)}" is the name's verb`;
  const dropped = prefix ? `, without the prefix "${prefix}" most tools share` : '';
  if (words === 'item') return `no noun in the name${dropped}: a generic item`;
  // `log_time` "Log a time entry": the name's words begin another tool's entity its description names (tool-entity.ts).
  if (shape.entity.startsWith(`${words}_`))
    return `the words "${words}" of the name, as "${shape.entity.replace(/_/g, ' ')}" the description names`;
  // `deals.moveStage(dealId, stage)`: the name's word is the field it moves, the id argument names the entity (field-moves.ts).
  if (!words.endsWith(shape.entity) && shape.idArgument !== null)
    return `the ${shape.entity} "${shape.idArgument}" names; "${words}" of the name is the field it changes`;
  if (words !== shape.entity)
    return `the words "${words}" of the name, less "${words.slice(0, -shape.entity.length - 1)}", another tool's entity${dropped}`;
  return `the words "${words}" of the name${dropped}`;
}

function whyId(shape: ToolShape, override: ToolOverride | undefined, handedOut: boolean) {
  const corrected = override?.id !== undefined ? "the scenario's tools: correction; " : '';
  if (shape.idArgument === null) {
    if (shape.operation === 'create') return `${corrected}no key the caller chooses: the simulator makes the id`;
    if (shape.operation === 'list' || shape.operation === 'search') return `${corrected}a list names no single entity`;
    if (shape.operation === 'read')
      return `${corrected}no argument names one entity: it answers the ${shape.entity} its arguments describe, made up once and remembered`;
    return `${corrected}no argument names one entity`;
  }
  const field = shape.idField === shape.idArgument ? '' : ` (its field "${shape.idField}" in results)`;
  // `send_invoice(invoice_id)` beside `create_invoice(...)`: the service hands the ids out (handed-out-ids.ts).
  if (shape.operation === 'create' && handedOut)
    return `${corrected}"${shape.idArgument}" names the ${shape.entity} it acts on${field}, one the service handed out (another tool makes them without such an id); an unknown one is a not-found`;
  if (shape.operation === 'create') return `${corrected}"${shape.idArgument}" is the key the caller chooses${field}`;
  const unknown = shape.strict ? 'an unknown one is a not-found' : 'an unknown one is made up once and remembered';
  return `${corrected}"${shape.idArgument}" names the ${shape.entity}${field}; ${unknown}`;
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

function whyIdFormat(shape: ToolShape, heldIds: readonly string[], source: IdSource | null, tool: ToolDefinition) {
  const pattern = shape.idArgument ? propertiesOf(tool)[shape.idArgument]?.pattern : undefined;
  const patternNote = typeof pattern === 'string' ? `; "${shape.idArgument}" must match ${pattern}` : '';
  const held = heldIds.slice(-3).join(', ');
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
