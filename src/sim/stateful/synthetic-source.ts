import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createSeededRandom } from '../../domain/random.js';
import type { ToolCall, ToolResultSource } from '../source/tool-result-source.js';

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
      if (outputSchema) {
        const value = toSyntheticValue(outputSchema, key);
        if (isObject(value)) {
          const result: CallToolResult = {
            content: [{ type: 'text', text: JSON.stringify(value) }],
            structuredContent: value,
            isError: false,
            _meta: { ...syntheticMeta },
          };
          return { source: 'synthetic', result };
        }
      }
      const draw = createDraw(key);
      const reference = `${draw.pick(words)}-${draw.pick(words)}-${draw.int(1000, 9999)}`;
      const text = `Synthetic result of ${call.tool} for ${call.argumentsKey} (call ${call.occurrence}): ref ${reference}.`;
      return { source: 'synthetic', result: { content: [{ type: 'text', text }], isError: false, _meta: { ...syntheticMeta } } };
    },
  };
}

/**
 * A value valid against a JSON Schema, the same for the same (schema, seed). Supports what tool
 * schemas use: type (and lists of types), properties/required, items/prefixItems, enum, const,
 * default, examples, formats (date-time, date, time, email, uri, uuid, hostname, ipv4, ipv6),
 * numeric and length bounds, anyOf/oneOf/allOf, nullable, and `$ref` into the same document.
 * A `pattern` is met only when a candidate value happens to match it (examples, default, formats).
 *
 * @example
 *   toSyntheticValue({ type: 'object', properties: { id: { type: 'string', format: 'uuid' } }, required: ['id'] }, 'seed');
 */
export function toSyntheticValue(schema: Record<string, unknown>, seed: string): unknown {
  return sample(schema, { root: schema, draw: createDraw(seed) }, 0, 0);
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
}

/** Past this nesting, objects get only their required properties and arrays only minItems. */
const minimalDepth = 5;
/** `$ref` hops followed without nesting (a ref to a ref to ...), against reference cycles. */
const maxRefHops = 16;
/** Past this nesting a value is null: a schema whose required properties recurse without end still gives a finite value. */
const maxSampleDepth = 64;
/** The most items one array gets, whatever its minItems says (a value must stay printable). */
const maxSampleItems = 1000;

const words = [
  'amber',
  'birch',
  'cobalt',
  'delta',
  'ember',
  'fjord',
  'garnet',
  'harbor',
  'indigo',
  'juniper',
  'kestrel',
  'lumen',
  'maple',
  'nimbus',
  'orbit',
  'pebble',
  'quartz',
  'river',
  'sierra',
  'tundra',
  'umber',
  'violet',
  'willow',
  'zephyr',
];

function createDraw(seed: string): Draw {
  const bytes = createSeededRandom(seed);
  const next = () => Buffer.from(bytes(4)).readUInt32BE(0) / 2 ** 32;
  const int = (min: number, max: number) => (max <= min ? min : min + Math.floor(next() * (max - min + 1)));
  return { next, int, pick: (items) => items[int(0, items.length - 1)]!, chance: (probability) => next() < probability };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function sample(schema: unknown, generation: Generation, depth: number, refHops: number): unknown {
  const { draw } = generation;
  if (schema === false) return undefined;
  if (depth > maxSampleDepth) return null;
  if (!isObject(schema)) return draw.pick(words);
  let current = schema;
  if (typeof current.$ref === 'string') {
    const { $ref, ...rest } = current;
    const target = refHops < maxRefHops ? resolveRef(generation.root, $ref as string) : undefined;
    if (target === undefined && refHops >= maxRefHops) return null;
    return sample(target === undefined ? rest : mergeSchemas(target, rest), generation, depth, refHops + 1);
  }
  if (Array.isArray(current.allOf)) {
    const { allOf, ...rest } = current;
    current = (allOf as unknown[]).filter(isObject).reduce<Schema>((merged, part) => mergeSchemas(merged, part), rest);
    if (typeof current.$ref === 'string') return sample(current, generation, depth, refHops);
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
    const easy = branches.filter((branch) => !(isObject(branch) && 'pattern' in branch));
    const choices = easy.length > 0 ? easy : branches;
    const branch = depth >= minimalDepth ? choices[0] : draw.pick(choices);
    return sample(isObject(branch) ? mergeSchemas(rest, branch) : rest, generation, depth, refHops + 1);
  }
  if (current.nullable === true && draw.chance(0.15)) return null;
  switch (chooseType(current, draw)) {
    case 'null':
      return null;
    case 'boolean':
      return draw.chance(0.5);
    case 'integer':
      return sampleNumber(current, draw, true);
    case 'number':
      return sampleNumber(current, draw, false);
    case 'object':
      return sampleObject(current, generation, depth);
    case 'array':
      return sampleArray(current, generation, depth);
    default:
      return sampleString(current, draw);
  }
}

/** Follows a local reference (`#`, `#/$defs/x`, `#/definitions/x`, any JSON pointer into the schema). */
function resolveRef(root: Schema, ref: string): Schema | undefined {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = root;
  for (const token of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~');
    node = isObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined;
  }
  return isObject(node) ? node : undefined;
}

/** `b` over `a`, with properties merged and required lists joined (for allOf, anyOf siblings and $ref siblings). */
function mergeSchemas(a: Schema, b: Schema): Schema {
  const merged: Schema = { ...a, ...b };
  if (isObject(a.properties) && isObject(b.properties)) merged.properties = { ...a.properties, ...b.properties };
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

function sampleObject(schema: Schema, generation: Generation, depth: number): Record<string, unknown> {
  const { draw } = generation;
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = new Set((Array.isArray(schema.required) ? schema.required : []).filter((key): key is string => typeof key === 'string'));
  const optionalChance = depth >= minimalDepth ? 0 : depth >= 3 ? 0.3 : 0.6;
  // Entries, not assignment, so a property named `__proto__` stays a property.
  const entries: [string, unknown][] = [];
  const add = (key: string, propertySchema: unknown) => {
    const value = sample(propertySchema, generation, depth + 1, 0);
    if (value !== undefined) entries.push([key, value]);
  };
  for (const [key, propertySchema] of Object.entries(properties)) {
    if (required.has(key) || draw.chance(optionalChance)) add(key, propertySchema);
  }
  const additional = schema.additionalProperties;
  const extraSchema = isObject(additional) ? additional : {};
  for (const key of required) if (!(key in properties)) add(key, extraSchema);
  const isRecord = Object.keys(properties).length === 0 && isObject(additional);
  const minProperties = typeof schema.minProperties === 'number' ? schema.minProperties : 0;
  const wanted = Math.max(minProperties, isRecord && depth < minimalDepth ? draw.int(1, 2) : 0);
  const propertyNames = isObject(schema.propertyNames) ? schema.propertyNames : null;
  for (let index = 0; entries.length < wanted && additional !== false && index < wanted + 8; index++) {
    const named = propertyNames ? sample(propertyNames, generation, depth + 1, 0) : undefined;
    const key = typeof named === 'string' ? named : `${draw.pick(words)}_${index + 1}`;
    if (!entries.some(([existing]) => existing === key)) add(key, extraSchema);
  }
  return Object.fromEntries(entries);
}

function sampleArray(schema: Schema, generation: Generation, depth: number): unknown[] {
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
    const value = sample(position < prefix.length ? prefix[position] : rest, generation, depth + 1, 0);
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

function sampleNumber(schema: Schema, draw: Draw, integer: boolean): number {
  const finite = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
  const step = integer ? 1 : 0.01;
  let low = finite(schema.minimum);
  let high = finite(schema.maximum);
  // draft-06+: exclusiveMinimum is a number; draft-04: a boolean beside minimum.
  const exclusiveLow = finite(schema.exclusiveMinimum) ?? (schema.exclusiveMinimum === true ? low : undefined);
  const exclusiveHigh = finite(schema.exclusiveMaximum) ?? (schema.exclusiveMaximum === true ? high : undefined);
  if (exclusiveLow !== undefined) low = Math.max(low ?? -Infinity, exclusiveLow + step);
  if (exclusiveHigh !== undefined) high = Math.min(high ?? Infinity, exclusiveHigh - step);
  if (low === undefined && high === undefined) [low, high] = [0, 1000];
  else if (low === undefined) low = Math.min(0, high! - 1000);
  else if (high === undefined) high = Math.max(low, 0) + 1000;
  // Keep the window small and safe: near zero when it is allowed, else just above the lower bound.
  if (high! - low > 1_000_000)
    [low, high] = low <= 0 && high! >= 0 ? [Math.max(low, -1000), Math.min(high!, 1000)] : [low, low + 1_000_000];
  const [min, max] = [low, high!];
  const multipleOf = finite(schema.multipleOf);
  if (multipleOf !== undefined && multipleOf > 0) {
    const first = Math.ceil(min / multipleOf);
    const last = Math.floor(max / multipleOf);
    return last >= first ? draw.int(first, last) * multipleOf : min;
  }
  if (integer) return Math.ceil(min) <= Math.floor(max) ? draw.int(Math.ceil(min), Math.floor(max)) : Math.ceil(min);
  const value = Math.round((min + draw.next() * (max - min)) * 100) / 100;
  return value >= min && value <= max ? value : min;
}

function sampleString(schema: Schema, draw: Draw): string {
  const format = typeof schema.format === 'string' ? schema.format : '';
  const pattern = typeof schema.pattern === 'string' ? toRegExp(schema.pattern) : null;
  let value = formatted(format, draw) ?? `${draw.pick(words)} ${draw.pick(words)}`;
  if (pattern && !pattern.test(value)) {
    const candidates = [...(Array.isArray(schema.examples) ? schema.examples : []), schema.default, ...patternGuesses(draw)];
    value = (candidates.find((candidate) => typeof candidate === 'string' && pattern.test(candidate)) as string | undefined) ?? value;
  }
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : Number.POSITIVE_INFINITY;
  while (value.length < minLength) value += ` ${draw.pick(words)}`;
  // Length is in code points, as JSON Schema counts it; the words are ASCII, so slicing is safe.
  return value.length > maxLength ? value.slice(0, maxLength) : value;
}

function toRegExp(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return null;
  }
}

function formatted(format: string, draw: Draw): string | null {
  const word = () => draw.pick(words);
  const start = Date.UTC(2025, 0, 1) / 1000;
  switch (format) {
    case 'date-time':
      return new Date((start + draw.int(0, 365 * 86_400)) * 1000).toISOString().replace('.000Z', 'Z');
    case 'date':
      return new Date((start + draw.int(0, 365) * 86_400) * 1000).toISOString().slice(0, 10);
    case 'time':
      return new Date((start + draw.int(0, 86_399)) * 1000).toISOString().slice(11, 19) + 'Z';
    case 'email':
    case 'idn-email':
      return `${word()}.${word()}@example.com`;
    case 'uri':
    case 'url':
    case 'iri':
    case 'uri-reference':
    case 'iri-reference':
      return `https://example.com/${word()}/${draw.int(1, 9999)}`;
    case 'uuid':
      return toUuid(draw);
    case 'hostname':
    case 'idn-hostname':
      return `${word()}.example.com`;
    case 'ipv4':
      return `192.0.2.${draw.int(1, 254)}`;
    case 'ipv6':
      return `2001:db8::${draw.int(1, 0xffff).toString(16)}`;
    default:
      return null;
  }
}

/** A version 4 UUID from the draw. */
function toUuid(draw: Draw): string {
  const hex = Array.from({ length: 32 }, () => draw.int(0, 15).toString(16));
  hex[12] = '4';
  hex[16] = (8 + draw.int(0, 3)).toString(16);
  const text = hex.join('');
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}

/** Values that common `pattern`s of tool schemas accept: codes, slugs, dates, durations, hosts. */
function patternGuesses(draw: Draw): string[] {
  const word = draw.pick(words);
  return [
    word,
    `${word}-${draw.int(1, 99)}`,
    `${word}_${draw.int(1, 99)}`,
    word.slice(0, 2),
    'en',
    'US',
    String(draw.int(1, 99)),
    `${draw.int(1, 30)}d`,
    formatted('date', draw)!,
    formatted('date-time', draw)!,
    toUuid(draw),
    `${word}.example.com`,
    `https://example.com/${word}`,
  ];
}
