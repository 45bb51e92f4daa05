/**
 * A read of a generic object by id (Check Point's `show_object(uid)`, "Retrieve a generic object by
 * UID"; a `get_resource(id)`, a `get_record(id)`): the service looks the id up among all its records,
 * whatever their type, so the answer is the host or network the world holds under that id. An id it
 * holds under no type is the service's not-found once the world holds records of its own; from an
 * empty world the object is made up as any read's is (reference-data.ts).
 */
import { entitiesOf, fieldValue, valuesMatch } from '../../domain/world-query.js';
import { writesType } from '../../reading/tool-shape.js';
import { exampleIds } from './starting-world.js';
import { isRecordIdArgument } from '../../reading/record-id-argument.js';
import { toWords } from '../../reading/entity-words.js';
import type { AnswerInput } from './world-conventions.js';
import { notFound } from './world-views.js';

/** The words a service calls any of its records by. */
const genericWords = new Set(['object', 'resource', 'entity', 'record']);

/**
 * The read as a read of the type the world holds its id under, or the call unchanged.
 *
 * @example
 *   toHeldObject(showObject({ uid: 'host_1' })).shape.entity; // 'host' where show_hosts listed host_1
 */
export function toHeldObject(input: AnswerInput): AnswerInput {
  const id = genericId(input);
  if (id === undefined) return input;
  const type = holderOf(input, id);
  if (type === undefined) return input;
  const own = [...input.shapes.values()].find((shape) => shape.entity === type && !shape.dispatch);
  return { ...input, shape: { ...input.shape, entity: type, idField: own?.idField ?? input.shape.idField } };
}

/**
 * The not-found of a generic read whose id the world holds under no type, once it holds records of
 * its own (not only the starting world's examples); null otherwise.
 *
 * @example
 *   missingObject(showObject({ uid: '00000000-dead-beef' })); // 'Object 00000000-dead-beef not found' after show_hosts
 */
export function missingObject(input: AnswerInput): string | null {
  const id = genericId(input);
  if (id === undefined || holderOf(input, id) !== undefined) return null;
  const holds = Object.entries(input.world.entities).some(([type, byId]) => {
    if (type === input.shape.entity) return false;
    const examples = exampleIds(input.world, type);
    return Object.keys(byId).some((key) => !examples.has(key));
  });
  return holds ? notFound(input.shape, id) : null;
}

/**
 * The record id a read of a generic type no tool makes is given, else undefined. Not a key from a
 * fixed set (`get_resource(resource: scene | theme)`), nor a read told the type (`get_entity_details(
 * entity_type, entity_id)`), which is a read of that type rather than a look-up across all.
 */
function genericId(input: AnswerInput): string | undefined {
  const { shape, tool } = input;
  if (shape.operation !== 'read' || !genericWords.has(shape.entity) || !isRecordIdArgument(shape.idArgument)) return undefined;
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, { enum?: unknown } | undefined>;
  if (properties[shape.idArgument!]?.enum !== undefined || Object.keys(properties).some((name) => toWords(name).at(-1) === 'type'))
    return undefined;
  const value = input.args[shape.idArgument!];
  if ((typeof value !== 'string' || value.trim() === '') && typeof value !== 'number') return undefined;
  return writesType(input.shapes, shape.entity) ? undefined : String(value);
}

/** The other type the world holds a record of with that id (its key, or its id field). */
function holderOf(input: AnswerInput, id: string): string | undefined {
  const { entity, idField } = input.shape;
  return Object.keys(input.world.entities).find(
    (type) =>
      type !== entity &&
      (Object.hasOwn(input.world.entities[type]!, id) ||
        entitiesOf(input.world, type).some((record) => valuesMatch(fieldValue(record.fields, idField), id))),
  );
}
