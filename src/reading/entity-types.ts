/**
 * The entity types a server's tools act on, as the service model lists them (read-server.ts): per
 * type its id field and format, keys, parents, states, unique fields and tools, in order of first
 * appearance, with the scenario's `entities:` corrections of states and unique fields applied.
 */
import type { ToolDefinition } from '../domain/registry.js';
import type { EntityCorrection } from '../domain/tool-override.js';
import { namesItemType } from './item-type.js';
import { toNewIdWithSource, type IdSource } from './id-format.js';
import { toParentReferences } from './tool-parents.js';
import type { IdSchemas } from './id-schemas.js';
import type { ToolShape } from './tool-shape.js';
import { toEntityState, toUniqueFields, type EntityState } from './entity-traits.js';
import { withIdTraits, type IdTraits } from './id-traits.js';
import type { EntityKey, EntityKeys } from './entity-keys.js';

/** One type of entity the server keeps, as its tools show it. */
export interface EntityType {
  /** Singular, snake_case: `issue`, `pull_request`. */
  name: string;
  /** The field that holds the id in results, and whether ids are numbers, as the simulator shows them (id-traits.ts). */
  idField: string;
  numericId: boolean;
  /** Why, beside the tool that names the type by id: the record id field most of the service's types share, the type the argument that takes the id back declares. */
  idFrom: { field: 'tools' | 'service'; type: 'tools' | 'declared' };
  /** Whether the service assigns the ids: a create named by the caller (`create_product(slug)`) keeps the name as data (assigned-ids.ts). */
  assignedId: boolean;
  /** The field that names a record the simulator makes up as reference data: `name`, `title`, a commit's `message` (name-field.ts). */
  nameField: string;
  /** The other fields that name one record (Rollbar's `counter` beside `id`, GitLab's `iid`), with how their values look (entity-keys.ts). */
  keys: EntityKey[];
  /** The format of a new id: an example and where it was learned. */
  idFormat: { example: string; source: IdSource };
  /** Types whose id an argument of this type's tools names (`repository` for an issue's `repo`), with that argument. */
  parents: { type: string; argument: string }[];
  /** Where the type keeps its state, the values it takes and the tools that move it; null when no tool shows one. */
  state: EntityState | null;
  /** Fields no two entities of the type share, as its creates and updates describe them (`email`). */
  unique: string[];
  /** The tools that act on this type, in the server's order. */
  tools: string[];
}

/** The service model's per-type readers the types are built from (read once per type there). */
interface TypeReaders {
  idSchemasOf(entity: string): IdSchemas;
  keysOf(entity: string): EntityKeys;
  idTraitsOf(entity: string): IdTraits;
}

/**
 * The entity types of the tools' shapes (not `item`, unless the service keeps items as a type).
 *
 * @example
 *   toEntityTypes(tools, shapes, model, {}).get('issue')?.parents; // [{ type: 'repository', argument: 'repo' }]
 */
export function toEntityTypes(
  tools: readonly ToolDefinition[],
  shapes: ReadonlyMap<string, ToolShape>,
  { idSchemasOf, keysOf, idTraitsOf }: TypeReaders,
  entityCorrections: Readonly<Record<string, EntityCorrection>>,
): Map<string, EntityType> {
  const types = new Map<string, EntityType>();
  // `create_item`, `delete_item(itemId)`: a service whose records are items keeps them as a type (item-type.ts).
  const itemType = namesItemType(tools);
  for (const tool of tools) {
    const shape = shapes.get(tool.name);
    if (!shape || (shape.entity === 'item' && !itemType)) continue;
    let type = types.get(shape.entity);
    if (!type) {
      // The id field and its type as the tools that name an entity by id show it, else the first tool's.
      // The shape that names it by its id field (entity-keys.ts: `id` where a tool names it so), else the first that names it.
      // A tool that names it by another key (`get_user(username)`) does not say what its id field is.
      const { idField, keys } = keysOf(shape.entity);
      const naming = [...shapes.values()].filter(
        (candidate) =>
          candidate.entity === shape.entity && candidate.idArgument !== null && !keys.some((key) => key.field === candidate.idField),
      );
      const named = naming.find((candidate) => candidate.idField === idField) ?? naming[0] ?? { ...shape, idField };
      // As the simulator makes them (id-traits.ts): the service's id field, numbers where most places type them so, as declared.
      const traits = idTraitsOf(shape.entity);
      const typed = withIdTraits(named, traits);
      const newId = toNewIdWithSource({
        type: shape.entity,
        existing: [],
        numeric: typed.numericId,
        field: typed.idField,
        ...idSchemasOf(shape.entity),
        args: {},
        seed: `explain|${shape.entity}`,
      });
      type = {
        name: shape.entity,
        idField: typed.idField,
        numericId: typed.numericId,
        idFrom: {
          field: typed.idField === named.idField ? 'tools' : 'service',
          type: traits.declaredType(typed.idField) === null ? 'tools' : 'declared',
        },
        assignedId: traits.assigned.assigned,
        nameField: traits.nameField,
        idFormat: { example: newId.id, source: newId.source },
        keys: keysOf(shape.entity).keys,
        parents: [],
        state: toEntityState(tools, shapes, shape.entity),
        unique: toUniqueFields(tools, shapes, shape.entity),
        tools: [],
      };
      types.set(shape.entity, type);
    }
    type.tools.push(tool.name);
    for (const reference of toParentReferences(tool, shape, shapes))
      if (!type.parents.some((parent) => parent.type === reference.entity && parent.argument === reference.argument))
        type.parents.push({ type: reference.entity, argument: reference.argument });
  }
  for (const type of types.values()) {
    const correction = Object.hasOwn(entityCorrections, type.name) ? entityCorrections[type.name] : undefined;
    if (correction?.states)
      type.state = { field: type.state?.field ?? 'status', values: [...correction.states], tools: type.state?.tools ?? [] };
    if (correction?.unique) type.unique = [...correction.unique];
  }
  return types;
}
