/**
 * One reading per server: the only entry to how a server's tools are understood. Every consumer
 * (the simulator, `mcpsim explain`, the dashboard's tool list, the model prompt's focus, the
 * starting world of a new mock, the world a capture writes) takes the service model this returns,
 * read with the same inputs: the tools, the server's names (a word such as `sonarqube` in
 * `search_my_sonarqube_projects` names the service, not the entity) and the scenario's corrections.
 * A consumer that read the tools with fewer inputs could type the world differently from the
 * simulator that answers from it.
 *
 * Memoised per (tools, corrections, names): the runner keeps the tools and corrections objects
 * while nothing changes, so the inference runs once per server and setting, not once per call.
 */
import { toUnwrappedTools } from './envelope-arguments.js';
import type { WorldState } from '../domain/memory-log.js';
import type { ToolDefinition } from '../domain/registry.js';
import type { EntityCorrection, ToolOverride } from '../domain/tool-override.js';
import { setParentCorrections } from './tool-parents.js';
import { withCorrectedIds } from './entity-corrections.js';
import { toEntityTypes, type EntityType } from './entity-types.js';
import { inferServerShapes } from './tool-operation.js';
import { withUpsertMatches } from './upsert-match.js';
import { withServerTypes } from './server-types.js';
import { withVariantTypes } from './variant-types.js';
import { toIdSchemas, type IdSchemas } from './id-schemas.js';
import type { ToolShape } from './tool-shape.js';
import { toCommonPrefix } from './tool-name.js';
import { toToolReading, type ToolReading } from './tool-reading.js';
import { knownIdField, knownIdPattern } from './service-id-formats.js';
import { toTypeSpellings } from './type-spellings.js';
import type { EntityState } from './entity-traits.js';
import { toAnswerKind, type KindReading } from './answer-kind.js';
import { toServiceIdField, type ServiceIdField } from './service-id-field.js';
import { toIdTraits, withIdTraits, type IdTraits } from './id-traits.js';
import { toServiceNumericIds } from './service-numeric-ids.js';
import { toEntityKeys, type EntityKey, type EntityKeys } from './entity-keys.js';
import { withArgumentSpelledIds } from './id-field-spelling.js';
import { toQuotedFields } from './quoted-fields.js';
import { withActionIdArguments } from './action-id-argument.js';
import { withOwnIdArguments } from './own-id-argument.js';
import { withChoiceIds } from './choice-ids.js';

export type { EntityKey, EntityKeys, EntityState, EntityType, IdTraits, KindReading };

/** What a reading may be given beyond the tools. */
export interface ReadOptions {
  /** The server's qualified and display names, e.g. `['@SonarSource/sonarqube-mcp-server', 'SonarQube']`. */
  serverNames?: readonly string[] | undefined;
  /** The scenario's corrections by tool name (`tools:`); what they leave out is still inferred. */
  corrections?: Readonly<Record<string, ToolOverride>> | undefined;
  /** The scenario's corrections by entity type (`entities:`): id format, parent, states, unique fields. */
  entities?: Readonly<Record<string, EntityCorrection>> | undefined;
}

/** How a server is read: its entity types, and each tool's reading. */
export interface ServiceModel {
  /** The tools read, in the server's order. */
  readonly tools: readonly ToolDefinition[];
  readonly serverNames: readonly string[];
  readonly corrections: Readonly<Record<string, ToolOverride>>;
  readonly entityCorrections: Readonly<Record<string, EntityCorrection>>;
  /** What the inference found of each tool, by tool name (the scenario's corrections applied): the part of its reading the simulator answers from. */
  readonly shapes: ReadonlyMap<string, ToolShape>;
  /** Each tool's reading in an empty world, by tool name, in the server's order: its shape with filters, id format and why; computed on first use. */
  readonly readings: ReadonlyMap<string, ToolReading>;
  /** Each tool's reading with ids as a create in `world` would make them, in the server's order (explain of a scenario's seed world). */
  readingsIn(world: WorldState | undefined): ToolReading[];
  /** The entity types the tools act on (not `item`), in order of first appearance; computed on first use. */
  readonly entityTypes: ReadonlyMap<string, EntityType>;
  /** The schemas of the arguments that take an entity's id (their patterns and descriptions); computed once per type. */
  idSchemasOf(entity: string): IdSchemas;
  /** The field a type's id is in and its other keys, for any type (`item` too); computed once per type. */
  keysOf(entity: string): EntityKeys;
  /** A type's id and name traits, for any type (`item` too): the simulator's ids and names of the type; computed once per type. */
  idTraitsOf(entity: string): IdTraits;
  /**
   * How the simulator answers a tool (answer-kind.ts), with why: read as its own shape, or as the
   * shape one of its choices gives a call (`issue_write` with `method: create`); decided once per shape.
   */
  kindOf(tool: string, shape?: ToolShape): KindReading;
}

const noCorrections: Readonly<Record<string, ToolOverride>> = Object.freeze({});
const noEntityCorrections: Readonly<Record<string, EntityCorrection>> = Object.freeze({});
const models = new WeakMap<readonly ToolDefinition[], WeakMap<object, WeakMap<object, Map<string, ServiceModel>>>>();

/**
 * The service model of a server with `tools`, memoised per (tools, corrections, names).
 *
 * @example
 *   const model = readServer(sonarTools, { serverNames: ['@SonarSource/sonarqube-mcp-server', 'SonarQube'] });
 *   model.shapes.get('search_my_sonarqube_projects')?.entity; // 'project'
 *   model.entityTypes.get('project')?.idFormat; // { example: 'my_project', source: 'example' }
 */
export function readServer(tools: readonly ToolDefinition[], options: ReadOptions = {}): ServiceModel {
  const corrections = options.corrections ?? noCorrections;
  const entities = options.entities ?? noEntityCorrections;
  const names = options.serverNames ?? [];
  let byCorrections = models.get(tools);
  if (!byCorrections) models.set(tools, (byCorrections = new WeakMap()));
  let byEntities = byCorrections.get(corrections);
  if (!byEntities) byCorrections.set(corrections, (byEntities = new WeakMap()));
  let byNames = byEntities.get(entities);
  if (!byNames) byEntities.set(entities, (byNames = new Map()));
  // Called per tool call: the key is a join, not a copy; a name missing or empty adds nothing to the reading.
  const key = names.join('\n');
  let model = byNames.get(key);
  if (!model)
    byNames.set(
      key,
      // `list_incidents(query_model: {...})`: read as the arguments its envelope wraps (envelope-arguments.ts).
      (model = toServiceModel(
        toUnwrappedTools(tools).tools,
        corrections,
        entities,
        names.filter((name) => typeof name === 'string' && name !== ''),
      )),
    );
  return model;
}

function toServiceModel(
  tools: readonly ToolDefinition[],
  corrections: Readonly<Record<string, ToolOverride>>,
  entityCorrections: Readonly<Record<string, EntityCorrection>>,
  serverNames: readonly string[],
): ServiceModel {
  // Each tool's first reading, then its entity checked against the types the whole server keeps.
  // Each dispatching tool's choices take the tool's final id (choice-ids.ts); an upsert matched by fields takes none (upsert-match.ts).
  const shapes = withUpsertMatches(
    tools,
    withChoiceIds(
      tools,
      withArgumentSpelledIds(
        withKnownIdFields(
          withActionIdArguments(
            tools,
            withOwnIdArguments(
              tools,
              withVariantTypes(
                tools,
                withServerTypes(tools, inferServerShapes(tools, corrections, serverNames), { corrections, serverNames }),
                corrections,
              ),
            ),
          ),
          serverNames,
        ),
        toQuotedFields(tools),
      ),
    ),
  );
  // Every consumer finds parents through tool-parents.ts by the shapes it was given: the corrections go with them.
  if (entityCorrections !== noEntityCorrections) setParentCorrections(shapes, entityCorrections);
  const idSchemas = new Map<string, IdSchemas>();
  const idSchemasOf = (entity: string): IdSchemas => {
    let found = idSchemas.get(entity);
    if (!found)
      idSchemas.set(
        entity,
        (found = withCorrectedIds(
          {
            ...toIdSchemas(tools, shapes, entity),
            service: knownIdPattern(serverNames, entity, () => toTypeSpellings(tools, shapes, entity)),
          },
          Object.hasOwn(entityCorrections, entity) ? entityCorrections[entity] : undefined,
        )),
      );
    return found;
  };
  const entityKeys = new Map<string, EntityKeys>();
  const keysOf = (entity: string): EntityKeys => {
    let found = entityKeys.get(entity);
    if (!found) entityKeys.set(entity, (found = toEntityKeys(shapes, entity, serverNames)));
    return found;
  };
  let serviceIdField: ServiceIdField | undefined;
  let serviceNumericIds: boolean | undefined;
  const serviceNumeric = () => (serviceNumericIds ??= toServiceNumericIds(tools, shapes));
  const idTraits = new Map<string, IdTraits>();
  const idTraitsOf = (entity: string): IdTraits => {
    let found = idTraits.get(entity);
    if (!found)
      idTraits.set(
        entity,
        (found = toIdTraits(
          tools,
          shapes,
          serverNames,
          (serviceIdField ??= toServiceIdField(shapes)),
          serviceNumeric,
          entity,
          keysOf(entity).keys.map((key) => key.field),
        )),
      );
    return found;
  };
  let entityTypes: Map<string, EntityType> | undefined;
  let readings: Map<string, ToolReading> | undefined;
  const prefix = toCommonPrefix(tools);
  const toolsByName = new Map(tools.map((tool) => [tool.name, tool]));
  const kinds = new WeakMap<ToolShape, KindReading>();
  const kindOf = (name: string, shape: ToolShape = shapes.get(name)!): KindReading => {
    let found = kinds.get(shape);
    if (!found)
      kinds.set(
        shape,
        (found = toAnswerKind(toolsByName.get(name)!, shape, { shapes, serverTools: tools, corrected: Object.hasOwn(corrections, name) })),
      );
    return found;
  };
  const readingsIn = (world: WorldState | undefined): ToolReading[] =>
    tools.map((tool) => {
      const shape = shapes.get(tool.name)!;
      return toToolReading(tool, shape, {
        prefix,
        override: corrections[tool.name],
        idSchemas: idSchemasOf(shape.entity),
        world,
        kind: kindOf(tool.name),
        shapes,
        // The next id as the simulator makes it: `1`, not `time_entry_1`, where the type's ids are numbers (id-traits.ts).
        ids: withIdTraits(shape, idTraitsOf(shape.entity)),
      });
    });
  return {
    tools,
    serverNames,
    corrections,
    entityCorrections,
    shapes,
    get readings() {
      return (readings ??= new Map(readingsIn(undefined).map((reading) => [reading.tool, reading])));
    },
    readingsIn,
    get entityTypes() {
      return (entityTypes ??= toEntityTypes(tools, shapes, { idSchemasOf, keysOf, idTraitsOf }, entityCorrections));
    },
    idSchemasOf,
    keysOf,
    idTraitsOf,
    kindOf,
  };
}

/**
 * Shapes whose type a known service names by another field than `id` (a Slack message by its `ts`,
 * data/id-formats.json) keep the id there, where the tools said nothing closer (their id field is `id`).
 */
function withKnownIdFields(shapes: Map<string, ToolShape>, serverNames: readonly string[]): Map<string, ToolShape> {
  if (serverNames.length === 0) return shapes;
  for (const [name, shape] of shapes) {
    const field = shape.idField === 'id' ? knownIdField(serverNames, shape.entity) : null;
    if (field !== null) shapes.set(name, { ...shape, idField: field });
  }
  return shapes;
}
