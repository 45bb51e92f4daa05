import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { withFake } from '../../domain/fake-data.js';
import { toBooleanValue, toNumberValue, toStringValue, type FieldContext } from './field-value.js';
import { createSeededRandom } from '../../domain/random.js';
import type { ToolCall, ToolResultSource } from '../source/tool-result-source.js';
import { isRecord } from '../../domain/json-record.js';
import { pointAtWorld, type ReferenceBook } from './world-references.js';

export interface SyntheticSourceOptions {
  /** Mixed into every draw; change it to get a different (still repeatable) set of values. */
  seed?: string;
}

/** `_meta` of every synthesized result, so clients and reviewers can tell it from a recorded one. */
export const syntheticMeta = { 'mcpsim/synthetic': true } as const;

/**
 * Makes up a result without a model: when the tool has an `outputSchema`, `structuredContent`
 * valid against it (and a text content that is its JSON); otherwise a text naming the tool and its
 * arguments. Every value comes from a PRNG keyed by (seed, server, tool, canonical arguments,
 * occurrence), so the same call always gives the same bytes, and a repeated call usually differs.
 *
 * Hand-written rather than json-schema-faker: that library keeps its options (the random function
 * included) in one process-wide object, and tool schemas need only the small subset below.
 *
 * @example
 *   const synthetic = createSyntheticSource({ seed: 'demo' });
 *   await synthetic.resolve(call); // { source: 'synthetic', result: { structuredContent: {...}, ... } }
 */
export function createSyntheticSource({ seed = 'mcpsim' }: SyntheticSourceOptions = {}): ToolResultSource {
  return {
    async resolve(call: ToolCall) {
      const key = JSON.stringify([seed, call.server, call.tool, call.argumentsKey, call.occurrence]);
      const outputSchema = call.context?.toolDefinition.outputSchema;
      const now = call.context?.now ?? fallbackNow;
      if (outputSchema) {
        const value = toSyntheticValue(outputSchema, key, { now });
        if (isRecord(value)) {
          const result: CallToolResult = {
            content: [{ type: 'text', text: JSON.stringify(value) }],
            structuredContent: value,
            isError: false,
            _meta: { ...syntheticMeta },
          };
          return { source: 'synthetic', result };
        }
      }
      const reference = withFake(key, (faker) => faker.string.alphanumeric({ length: 10, casing: 'lower' }));
      const text = `Synthetic result of ${call.tool} for ${call.argumentsKey} (call ${call.occurrence}): ref ${reference}.`;
      return { source: 'synthetic', result: { content: [{ type: 'text', text }], isError: false, _meta: { ...syntheticMeta } } };
    },
  };
}

/** What a made-up value may know beyond its schema. */
export interface SyntheticOptions {
  /** The clock's present (ISO 8601): made-up times fall around it. */
  now?: string;
  /** The entity the value shows (`customer`): a `name` of a customer is a person's name. */
  entity?: string | undefined;
  /** The property the value is for, when it is one (`email`), and the property holding its object. */
  name?: string;
  parent?: string;
  /** The world's records, which a made-up reference (`service`, `user_id`) names (sim/stateful/world-references.ts). */
  references?: ReferenceBook | undefined;
}

/** The present assumed when the caller gives none (hand-made calls in tests). */
export const fallbackNow = '2026-01-01T00:00:00.000Z';

/**
 * A value valid against a JSON Schema, the same for the same (schema, seed). Supports what tool
 * schemas use: type (and lists of types), properties/required, items/prefixItems, enum, const,
 * default, examples, formats, `pattern` (randexp), numeric and length bounds, anyOf/oneOf/allOf,
 * nullable, and `$ref` into the same document. Scalars are real-looking values chosen by the
 * property's name, description and format (sim/stateful/field-value.ts): an `email` is an address, a
 * `created_at` a time shortly before `now`, an `amount` a price in cents.
 *
 * @example
 *   toSyntheticValue({ type: 'object', properties: { id: { type: 'string', format: 'uuid' } }, required: ['id'] }, 'seed');
 */
export function toSyntheticValue(schema: Record<string, unknown>, seed: string, options: SyntheticOptions = {}): unknown {
  const generation: Generation = {
    root: schema,
    draw: createDraw(seed),
    seed,
    now: options.now ?? fallbackNow,
    entity: options.entity,
    references: options.references,
  };
  return sample(schema, generation, 0, 0, { name: options.name ?? '', parent: options.parent ?? '', path: '' });
}

type Schema = Record<string, unknown>;

interface Draw {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
}

interface Generation {
  root: Schema;
  draw: Draw;
  seed: string;
  now: string;
  entity: string | undefined;
  references: ReferenceBook | undefined;
}

/** Where a value sits: its property name, the property holding its object, and its path (which seeds it). */
interface Field {
  name: string;
  parent: string;
  path: string;
}

function child(field: Field, key: string): Field {
  return { name: key, parent: field.name, path: `${field.path}/${key}` };
}

function item(field: Field, index: number): Field {
  return { name: field.name, parent: field.parent, path: `${field.path}/${index}` };
}

function leafContext(generation: Generation, field: Field): FieldContext {
  return {
    name: field.name,
    parent: field.parent,
    entity: generation.entity,
    seed: `${generation.seed}|${field.path}`,
    now: generation.now,
  };
}

/** Past this nesting, objects get only their required properties and arrays only minItems. */
const minimalDepth = 5;
/** `$ref` hops followed without nesting (a ref to a ref to ...), against reference cycles. */
const maxRefHops = 16;
/** Past this nesting a value is null: a schema whose required properties recurse without end still gives a finite value. */
const maxSampleDepth = 64;
/** The most items one array gets, whatever its minItems says (a value must stay printable). */
const maxSampleItems = 1000;

function createDraw(seed: string): Draw {
  const bytes = createSeededRandom(seed);
  const next = () => Buffer.from(bytes(4)).readUInt32BE(0) / 2 ** 32;
  const int = (min: number, max: number) => (max <= min ? min : min + Math.floor(next() * (max - min + 1)));
  return { next, int, pick: (items) => items[int(0, items.length - 1)]!, chance: (probability) => next() < probability };
}

function sample(schema: unknown, generation: Generation, depth: number, refHops: number, field: Field): unknown {
  const { draw } = generation;
  if (schema === false) return undefined;
  if (depth > maxSampleDepth) return null;
  if (!isRecord(schema)) return toStringValue({}, leafContext(generation, field));
  let current = schema;
  if (typeof current.$ref === 'string') {
    const { $ref, ...rest } = current;
    const target = refHops < maxRefHops ? resolveRef(generation.root, $ref as string) : undefined;
    if (target === undefined && refHops >= maxRefHops) return null;
    return sample(target === undefined ? rest : mergeSchemas(target, rest), generation, depth, refHops + 1, field);
  }
  if (Array.isArray(current.allOf)) {
    const { allOf, ...rest } = current;
    current = (allOf as unknown[]).filter(isRecord).reduce<Schema>((merged, part) => mergeSchemas(merged, part), rest);
    if (typeof current.$ref === 'string') return sample(current, generation, depth, refHops, field);
  }
  if ('const' in current) return current.const;
  if (Array.isArray(current.enum) && current.enum.length > 0) return draw.pick(current.enum);
  if (Array.isArray(current.examples) && current.examples.length > 0 && draw.chance(0.4)) return draw.pick(current.examples);
  if (current.default !== undefined && draw.chance(0.25)) return current.default;
  const branches = Array.isArray(current.anyOf) ? current.anyOf : Array.isArray(current.oneOf) ? current.oneOf : null;
  if (branches && branches.length > 0) {
    const { anyOf: _anyOf, oneOf: _oneOf, ...rest } = current;
    // Deep down, take the first branch: the non-recursive case usually comes first (`T | null`, leaf | node).
    // A branch whose `pattern` we may not meet is taken only when every branch has one.
    const easy = branches.filter((branch) => !(isRecord(branch) && 'pattern' in branch));
    const choices = easy.length > 0 ? easy : branches;
    const branch = depth >= minimalDepth ? choices[0] : draw.pick(choices);
    return sample(isRecord(branch) ? mergeSchemas(rest, branch) : rest, generation, depth, refHops + 1, field);
  }
  if (current.nullable === true && draw.chance(0.15)) return null;
  switch (chooseType(current, draw)) {
    case 'null':
      return null;
    case 'boolean':
      return toBooleanValue(leafContext(generation, field));
    case 'integer':
      return toNumberValue(current, leafContext(generation, field), true);
    case 'number':
      return toNumberValue(current, leafContext(generation, field), false);
    case 'object':
      return sampleObject(current, generation, depth, field);
    case 'array':
      return sampleArray(current, generation, depth, field);
    default:
      return referencedId(generation, field) ?? toStringValue(current, leafContext(generation, field));
  }
}

/** The id of a world record a made-up `<type>_id` names (`service_id`), when the world holds one; never an entity's own id. */
function referencedId(generation: Generation, field: Field): string | undefined {
  if (!generation.references || !/(_id|[a-z]Id)$/.test(field.name)) return undefined;
  const record = generation.references.recordFor(field.name, `${generation.seed}|${field.path}`);
  return record && !(record.type === generation.entity && field.parent === '') ? record.id : undefined;
}

/** Follows a local reference (`#`, `#/$defs/x`, `#/definitions/x`, any JSON pointer into the schema). */
export function resolveRef(root: Schema, ref: string): Schema | undefined {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = root;
  for (const token of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~');
    node = isRecord(node) || Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined;
  }
  return isRecord(node) ? node : undefined;
}

/** `b` over `a`, with properties merged and required lists joined (for allOf, anyOf siblings and $ref siblings). */
function mergeSchemas(a: Schema, b: Schema): Schema {
  const merged: Schema = { ...a, ...b };
  if (isRecord(a.properties) && isRecord(b.properties)) merged.properties = { ...a.properties, ...b.properties };
  if (Array.isArray(a.required) && Array.isArray(b.required)) merged.required = [...new Set([...a.required, ...b.required])];
  return merged;
}

function chooseType(schema: Schema, draw: Draw): string {
  const declared = Array.isArray(schema.type)
    ? (schema.type as unknown[]).filter((type): type is string => typeof type === 'string')
    : typeof schema.type === 'string'
      ? [schema.type]
      : [inferType(schema)];
  const concrete = declared.filter((type) => type !== 'null');
  if (concrete.length === 0 || (concrete.length < declared.length && draw.chance(0.15))) return 'null';
  return draw.pick(concrete);
}

function inferType(schema: Schema): string {
  if ('properties' in schema || 'required' in schema || 'additionalProperties' in schema) return 'object';
  if ('items' in schema || 'prefixItems' in schema || 'minItems' in schema) return 'array';
  if ('minimum' in schema || 'maximum' in schema || 'exclusiveMinimum' in schema || 'exclusiveMaximum' in schema) return 'number';
  return 'string';
}

function sampleObject(schema: Schema, generation: Generation, depth: number, field: Field): Record<string, unknown> {
  const { draw } = generation;
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = new Set((Array.isArray(schema.required) ? schema.required : []).filter((key): key is string => typeof key === 'string'));
  const optionalChance = depth >= minimalDepth ? 0 : depth >= 3 ? 0.3 : 0.6;
  // Entries, not assignment, so a property named `__proto__` stays a property.
  const entries: [string, unknown][] = [];
  const add = (key: string, propertySchema: unknown) => {
    const value = sample(propertySchema, generation, depth + 1, 0, child(field, key));
    if (value !== undefined) entries.push([key, value]);
  };
  for (const [key, propertySchema] of Object.entries(properties)) {
    if (required.has(key) || draw.chance(optionalChance)) add(key, propertySchema);
  }
  const additional = schema.additionalProperties;
  const extraSchema = isRecord(additional) ? additional : {};
  for (const key of required) if (!(key in properties)) add(key, extraSchema);
  const isMap = Object.keys(properties).length === 0 && isRecord(additional);
  const minProperties = typeof schema.minProperties === 'number' ? schema.minProperties : 0;
  const wanted = Math.max(minProperties, isMap && depth < minimalDepth ? draw.int(1, 2) : 0);
  const propertyNames = isRecord(schema.propertyNames) ? schema.propertyNames : null;
  for (let index = 0; entries.length < wanted && additional !== false && index < wanted + 8; index++) {
    const named = propertyNames ? sample(propertyNames, generation, depth + 1, 0, child(field, `key${index}`)) : undefined;
    const key = typeof named === 'string' ? named : withFake(`${generation.seed}|${field.path}|key${index}`, (faker) => faker.word.noun());
    if (!entries.some(([existing]) => existing === key)) add(key, extraSchema);
  }
  return pointAtWorld(Object.fromEntries(entries), properties, field.name, `${generation.seed}|${field.path}`, generation.references);
}

function sampleArray(schema: Schema, generation: Generation, depth: number, field: Field): unknown[] {
  const { draw } = generation;
  const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : Array.isArray(schema.items) ? schema.items : [];
  const rest = Array.isArray(schema.items) ? schema.additionalItems : Array.isArray(schema.prefixItems) ? schema.items : schema.items;
  const minItems = typeof schema.minItems === 'number' ? Math.min(schema.minItems, maxSampleItems) : 0;
  const maxItems = typeof schema.maxItems === 'number' ? schema.maxItems : Number.POSITIVE_INFINITY;
  let length = depth >= minimalDepth ? minItems : Math.min(maxItems, draw.int(Math.max(minItems, 1), Math.max(minItems, 1) + 2));
  if (rest === false) length = Math.min(length, prefix.length);
  const items: unknown[] = [];
  const seen = new Set<string>();
  for (let index = 0; items.length < length && index < length + 10; index++) {
    const position = items.length;
    const value = sample(position < prefix.length ? prefix[position] : rest, generation, depth + 1, 0, item(field, position));
    if (value === undefined) break;
    if (schema.uniqueItems === true) {
      const key = JSON.stringify(value);
      if (seen.has(key)) continue;
      seen.add(key);
    }
    items.push(value);
  }
  return items;
}
