/**
 * Which arguments of a tool name the parent of the entity it acts on: `issue_number` of
 * `add_issue_comment` names the issue the comment belongs to, `channel_id` of `post_message` the
 * channel, `pipeline_slug` of `create_build` the pipeline. Read from the server's tools alone: an
 * argument is a parent reference when another entity's read, update or delete takes it as its id
 * (`get_issue(issue_number)`), or when its name is another entity's name with an id suffix
 * (`channel_id`, `project_key`); either way the name ends in an id word (`id`, `key`, `number`, `slug`, `uuid`). Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import type { EntityCorrection } from '../domain/tool-override.js';
import type { ToolShape } from './tool-operation.js';
import { toNormalName } from '../domain/world-query.js';

/** One argument that names a parent entity, and the field that holds the parent's id in results. */
export interface ParentReference {
  argument: string;
  entity: string;
  idField: string;
  numericId: boolean;
}

/** Suffixes that make an argument named for an entity an id of it (`channel_id`, `projectKey`, `pipeline_slug`). */
const idSuffixes = ['id', 'key', 'number', 'slug', 'uuid'];

const byShapes = new WeakMap<ReadonlyMap<string, ToolShape>, Map<string, ParentReference[]>>();
const corrected = new WeakMap<ReadonlyMap<string, ToolShape>, Readonly<Record<string, EntityCorrection>>>();

/** A scenario's `entities:` corrections for the server these shapes read (read-server.ts): a corrected parent replaces the one read. */
export function setParentCorrections(
  shapes: ReadonlyMap<string, ToolShape>,
  corrections: Readonly<Record<string, EntityCorrection>>,
): void {
  corrected.set(shapes, corrections);
}

/**
 * The parent references of a call's tool, for the entity its shape acts on (cached per server).
 *
 * @example
 *   toParentReferences(tool, shapes.get('add_issue_comment')!, shapes);
 *   // [{ argument: 'issue_number', entity: 'issue', idField: 'number', numericId: true }]
 */
export function toParentReferences(tool: ToolDefinition, shape: ToolShape, shapes: ReadonlyMap<string, ToolShape>): ParentReference[] {
  let cached = byShapes.get(shapes);
  if (!cached) byShapes.set(shapes, (cached = new Map()));
  const key = `${tool.name}|${shape.operation}|${shape.entity}`;
  let references = cached.get(key);
  if (!references) cached.set(key, (references = withCorrectedParent(tool, shape, shapes, findParentReferences(tool, shape, shapes))));
  return references;
}

function withCorrectedParent(
  tool: ToolDefinition,
  shape: ToolShape,
  shapes: ReadonlyMap<string, ToolShape>,
  found: ParentReference[],
): ParentReference[] {
  const corrections = corrected.get(shapes);
  const parent = corrections && Object.hasOwn(corrections, shape.entity) ? corrections[shape.entity]!.parent : undefined;
  if (parent === undefined) return found;
  const others = found.filter((reference) => reference.entity !== parent?.type && reference.argument !== parent?.argument);
  if (parent === null || !Object.hasOwn(tool.inputSchema.properties ?? {}, parent.argument)) return parent === null ? [] : others;
  const named = [...shapes.values()].find((candidate) => candidate.entity === parent.type && candidate.idArgument !== null);
  return [
    { argument: parent.argument, entity: parent.type, idField: named?.idField ?? 'id', numericId: named?.numericId ?? false },
    ...others,
  ];
}

function findParentReferences(tool: ToolDefinition, shape: ToolShape, shapes: ReadonlyMap<string, ToolShape>): ParentReference[] {
  const all = [...shapes.values()].flatMap((candidate) => [candidate, ...Object.values(candidate.dispatch?.choices ?? {})]);
  // The entities a reference may name: those with a read, update or delete by id, or a collection (a create or a list).
  const namers = all.filter(
    (candidate) =>
      candidate.entity !== shape.entity &&
      candidate.entity !== 'item' &&
      candidate.idArgument !== null &&
      candidate.strict &&
      (candidate.operation === 'read' || candidate.operation === 'update' || candidate.operation === 'delete'),
  );
  const collections = new Map<string, ToolShape>();
  for (const candidate of all)
    if (candidate.entity !== shape.entity && candidate.entity !== 'item' && ['create', 'list', 'read'].includes(candidate.operation))
      if (!collections.has(toNormalName(candidate.entity))) collections.set(toNormalName(candidate.entity), candidate);
  const properties = Object.keys((tool.inputSchema.properties ?? {}) as Record<string, unknown>);
  const references: ParentReference[] = [];
  for (const argument of properties) {
    const normal = toNormalName(argument);
    // Only a name that says it is an id of something (`issue_number`, `nodeId`): never `name`, `path`, `sha` or a bare `id`.
    const suffix = idSuffixes.find((candidate) => normal.endsWith(candidate) && normal.length > candidate.length);
    if (argument === shape.idArgument || argument === shape.dispatch?.argument || suffix === undefined) continue;
    const named = namers.find((candidate) => candidate.idArgument === argument);
    if (named) {
      references.push({ argument, entity: named.entity, idField: named.idField, numericId: named.numericId });
      continue;
    }
    const owner = collections.get(normal.slice(0, -suffix.length));
    if (!owner) continue;
    // The id field its other tools show (`number` for an issue), else `id`.
    const sibling = all.find((candidate) => candidate.entity === owner.entity && candidate.idArgument !== null);
    references.push({
      argument,
      entity: owner.entity,
      idField: sibling?.idField ?? 'id',
      numericId: sibling?.numericId ?? owner.numericId,
    });
  }
  return references;
}
