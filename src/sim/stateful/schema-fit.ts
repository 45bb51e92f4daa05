import type { ErrorObject } from 'ajv';
import { createSchemaCompiler, type JsonSchema } from '../../domain/json-schema.js';
import { toSyntheticValue, type SyntheticOptions } from './synthetic-source.js';
import { isRecord } from '../../domain/json-record.js';
import { pointAtWorld } from './world-references.js';
import { withAnswerSummary } from './answer-summary.js';
import { withTimesInOrder } from './time-order.js';
import { withMemberships } from './membership-lists.js';

/** Nesting past which a wanted value is not followed further (a self-referencing schema, deep data). */
const maxDepth = 12;
/** Rounds of repairing what the validator still finds wrong before falling back to a whole synthetic value. */
const repairRounds = 4;

const compiler = createSchemaCompiler({ allErrors: true });

type Schema = Record<string, unknown>;

/**
 * A value valid against `schema`, made from `wanted`: every property, item and scalar of `wanted`
 * that fits is kept (numbers in text become numbers where the schema wants one, and back), and
 * what the schema requires that `wanted` lacks or has of another kind is made up from `seed`
 * (`toSyntheticValue`, so the same seed gives the same bytes). Extra properties stay only where the
 * schema takes them (`takesExtraProperties`). The result is checked with domain/json-schema.ts and
 * repaired where the checker still objects; a schema nothing can satisfy gives the plain synthetic value.
 *
 * @example
 *   fitToSchema({ number: '12', title: 'Bug' }, { type: 'object', properties: { number: { type: 'integer' }, title: { type: 'string' }, author: { type: 'string' } }, required: ['number', 'author'] }, 'seed');
 *   // { number: 12, title: 'Bug', author: '<made up>' }
 */
export function fitToSchema(wanted: unknown, schema: JsonSchema, seed: string, options: FitOptions = {}): unknown {
  let value = fit(wanted, schema, { root: schema, seed, options }, '', 0);
  const compiled = compiler.compile(schema);
  if (!compiled.ok) return value;
  for (let round = 0; round < repairRounds; round++) {
    if (compiled.validate(value)) return value;
    const repaired = repair(value, compiled.validate.errors ?? [], schema, `${seed}#${round}`, options);
    if (repaired === undefined) break;
    value = repaired;
  }
  if (compiled.validate(value)) return value;
  return toSyntheticValue(schema, seed, options);
}

/** What made-up parts may know: the present and the entity shown (sim/stateful/field-value.ts). */
export type FitOptions = Pick<SyntheticOptions, 'now' | 'entity' | 'references'>;

interface FitContext {
  root: Schema;
  seed: string;
  options: FitOptions;
}

function fit(wanted: unknown, schemaValue: unknown, context: FitContext, path: string, depth: number): unknown {
  if (schemaValue === true || schemaValue === undefined) return wanted;
  if (!isRecord(schemaValue)) return wanted;
  const schema = resolve(schemaValue, context.root);
  const make = () =>
    toSyntheticValue(
      {
        ...schema,
        ...(context.root.$defs ? { $defs: context.root.$defs } : {}),
        ...(context.root.definitions ? { definitions: context.root.definitions } : {}),
      },
      `${context.seed}|${path}`,
      { ...context.options, ...fieldOf(path) },
    );
  // A list the answer does not hold is empty (up to its minItems): made-up items would be things
  // the world never had, e.g. relations between entities that do not exist.
  if (wanted === undefined && depth <= maxDepth && isOnlyArray(schema)) return fitArray([], schema, context, path, depth);
  if (wanted === undefined || depth > maxDepth) return make();
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) {
    const exact = schema.enum.find((allowed) => JSON.stringify(allowed) === JSON.stringify(wanted));
    if (exact !== undefined) return exact;
    const loose =
      typeof wanted === 'string'
        ? schema.enum.find((allowed) => typeof allowed === 'string' && allowed.toLowerCase() === wanted.toLowerCase())
        : undefined;
    return loose ?? make();
  }
  const branches = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : null;
  if (branches) {
    const { anyOf: _anyOf, oneOf: _oneOf, ...rest } = schema;
    const branch = branches.filter(isRecord).find((candidate) => kindFits(wanted, resolve({ ...rest, ...candidate }, context.root)));
    return branch ? fit(wanted, { ...rest, ...branch }, context, path, depth + 1) : make();
  }
  const types = typesOf(schema);
  if (isRecord(wanted) && types.includes('object')) return fitObject(wanted, schema, context, path, depth);
  if (Array.isArray(wanted) && types.includes('array')) return fitArray(wanted, schema, context, path, depth);
  for (const type of types) {
    const converted = toScalar(wanted, type);
    if (converted !== undefined) return converted;
  }
  return make();
}

function fitObject(
  given: Record<string, unknown>,
  schema: Schema,
  context: FitContext,
  path: string,
  depth: number,
): Record<string, unknown> {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  // `User.teams` of a user a membership record ties to teams: the teams it is tied to now (membership-lists.ts).
  const held = withMemberships(given, properties, (part) => resolve(part, context.root), context.options);
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((key): key is string => typeof key === 'string') : []);
  const entries: [string, unknown][] = [];
  for (const [key, propertySchema] of Object.entries(properties)) {
    if (Object.hasOwn(held, key) && held[key] !== undefined && held[key] !== null)
      entries.push([key, fit(held[key], propertySchema, context, `${path}/${key}`, depth + 1)]);
    else if (Object.hasOwn(held, key) && held[key] === null && allowsNull(propertySchema, context.root)) entries.push([key, null]);
    else if (required.has(key)) entries.push([key, fit(undefined, propertySchema, context, `${path}/${key}`, depth + 1)]);
  }
  if (takesExtraProperties(schema, properties)) {
    const extra = isRecord(schema.additionalProperties) ? schema.additionalProperties : undefined;
    for (const [key, value] of Object.entries(held)) {
      if (Object.hasOwn(properties, key) || value === undefined) continue;
      entries.push([key, extra ? fit(value, extra, context, `${path}/${key}`, depth + 1) : value]);
    }
  }
  for (const key of required)
    if (!entries.some(([name]) => name === key))
      entries.push([
        key,
        fit(undefined, isRecord(schema.additionalProperties) ? schema.additionalProperties : {}, context, `${path}/${key}`, depth + 1),
      ]);
  const fitted = withTimesInOrder(withAnswerSummary(Object.fromEntries(entries), held, properties, context.options.entity), held);
  return pointAtWorld(fitted, properties, fieldOf(path).name, `${context.seed}|${path}`, context.options.references, held);
}

function fitArray(wanted: unknown[], schema: Schema, context: FitContext, path: string, depth: number): unknown[] {
  const maxItems = typeof schema.maxItems === 'number' ? schema.maxItems : Number.POSITIVE_INFINITY;
  const minItems = typeof schema.minItems === 'number' ? schema.minItems : 0;
  const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : Array.isArray(schema.items) ? schema.items : [];
  const rest = Array.isArray(schema.items) ? schema.additionalItems : schema.items;
  const items = wanted
    .slice(0, maxItems)
    .map((item, index) => fit(item, index < prefix.length ? prefix[index] : rest, context, `${path}/${index}`, depth + 1));
  for (let index = items.length; index < minItems; index++)
    items.push(fit(undefined, index < prefix.length ? prefix[index] : rest, context, `${path}/${index}`, depth + 1));
  return items;
}

/**
 * Whether an answer shows properties its schema does not list. A model Pydantic writes (FastMCP's
 * output schemas: the model's `title`, and each field's title made from its name, `incident_number`
 * → "Incident Number") is the whole record: Pydantic leaves `additionalProperties` out for a model
 * that ignores extra fields and writes `true` only for `extra="allow"`, so PagerDuty's `Oncall`
 * (`user`, `schedule`, `start`, `end`) never carries the `id` and `name` the world keeps for it.
 * A schema written by hand often lists only some of what the server sends, so it keeps them unless
 * it says `additionalProperties: false`.
 */
function takesExtraProperties(schema: Schema, properties: Record<string, unknown>): boolean {
  if (schema.additionalProperties === false) return false;
  return schema.additionalProperties !== undefined || !isPydanticModel(schema, properties);
}

/** A model's schema as Pydantic writes it: a `title`, and a field titled as its name reads (`Html Url` for `html_url`). */
function isPydanticModel(schema: Schema, properties: Record<string, unknown>): boolean {
  const plain = (name: string) => name.replace(/[\s_]/g, '').toLowerCase();
  return (
    typeof schema.title === 'string' &&
    Object.entries(properties).some(
      ([name, property]) =>
        isRecord(property) && typeof property.title === 'string' && plain(property.title) === plain(name) && /^[A-Z]/.test(property.title),
    )
  );
}

function isOnlyArray(schema: Schema): boolean {
  if ('const' in schema || Array.isArray(schema.enum) || Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf)) return false;
  const types = typesOf(schema);
  return types.length === 1 && types[0] === 'array';
}

/** `wanted` as a scalar of `type` when it is one (or text or a number that plainly converts), else undefined. */
function toScalar(wanted: unknown, type: string): unknown {
  switch (type) {
    case 'string':
      return typeof wanted === 'string' ? wanted : typeof wanted === 'number' || typeof wanted === 'boolean' ? String(wanted) : undefined;
    case 'integer':
      if (typeof wanted === 'number' && Number.isInteger(wanted)) return wanted;
      return typeof wanted === 'string' && /^-?\d{1,15}$/.test(wanted) ? Number(wanted) : undefined;
    case 'number':
      if (typeof wanted === 'number' && Number.isFinite(wanted)) return wanted;
      return typeof wanted === 'string' && /^-?\d{1,15}(\.\d+)?$/.test(wanted) ? Number(wanted) : undefined;
    case 'boolean':
      return typeof wanted === 'boolean' ? wanted : wanted === 'true' ? true : wanted === 'false' ? false : undefined;
    case 'null':
      return wanted === null ? null : undefined;
    default:
      return undefined;
  }
}

function kindFits(wanted: unknown, schema: Schema): boolean {
  if ('const' in schema) return JSON.stringify(schema.const) === JSON.stringify(wanted);
  if (Array.isArray(schema.enum)) return schema.enum.some((allowed) => JSON.stringify(allowed) === JSON.stringify(wanted));
  const types = typesOf(schema);
  if (isRecord(wanted)) return types.includes('object');
  if (Array.isArray(wanted)) return types.includes('array');
  return types.some((type) => toScalar(wanted, type) === wanted);
}

function typesOf(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type.filter((type): type is string => typeof type === 'string');
  if (typeof schema.type === 'string') return [schema.type];
  if ('properties' in schema || 'required' in schema || 'additionalProperties' in schema) return ['object'];
  if ('items' in schema || 'prefixItems' in schema) return ['array'];
  return ['string', 'number', 'boolean', 'object', 'array', 'null'];
}

function allowsNull(schema: unknown, root: Schema): boolean {
  if (!isRecord(schema)) return true;
  const resolved = resolve(schema, root);
  return resolved.nullable === true || typesOf(resolved).includes('null');
}

/** Follows a local `$ref` and merges `allOf`, so the rest of the fit sees one schema. */
function resolve(schema: Schema, root: Schema, hops = 0): Schema {
  let current = schema;
  if (typeof current.$ref === 'string' && hops < 16) {
    const { $ref, ...rest } = current;
    const target = pointTo(root, ($ref as string).replace(/^#/, ''));
    current = isRecord(target) ? { ...resolve(target, root, hops + 1), ...rest } : rest;
  }
  if (Array.isArray(current.allOf)) {
    const { allOf, ...rest } = current;
    current = (allOf as unknown[]).filter(isRecord).reduce<Schema>((merged, part) => {
      const resolved = resolve(part, root, hops + 1);
      const properties =
        isRecord(merged.properties) && isRecord(resolved.properties)
          ? { ...merged.properties, ...resolved.properties }
          : (resolved.properties ?? merged.properties);
      const required = [
        ...(Array.isArray(merged.required) ? merged.required : []),
        ...(Array.isArray(resolved.required) ? resolved.required : []),
      ];
      return { ...merged, ...resolved, ...(properties ? { properties } : {}), ...(required.length > 0 ? { required } : {}) };
    }, rest);
  }
  return current;
}

/** Replaces each value the checker objects to with a made-up one for its part of the schema; undefined when nothing could be placed. */
function repair(value: unknown, errors: readonly ErrorObject[], root: Schema, seed: string, options: FitOptions): unknown {
  let result = structuredClone(value);
  let changed = false;
  for (const error of errors) {
    let instancePath = error.instancePath;
    let schemaPath = error.schemaPath.replace(/^#/, '').split('/').slice(0, -1).join('/');
    if (error.keyword === 'required') {
      const missing = String((error.params as { missingProperty?: unknown }).missingProperty);
      instancePath = `${instancePath}/${escapePointer(missing)}`;
      schemaPath = `${schemaPath}/properties/${escapePointer(missing)}`;
    } else if (error.keyword === 'additionalProperties') {
      const extra = String((error.params as { additionalProperty?: unknown }).additionalProperty);
      result = setAt(result, `${instancePath}/${escapePointer(extra)}`, undefined);
      changed = true;
      continue;
    }
    const part = pointTo(root, schemaPath);
    const replacement = toSyntheticValue(
      isRecord(part)
        ? { ...part, ...(root.$defs ? { $defs: root.$defs } : {}), ...(root.definitions ? { definitions: root.definitions } : {}) }
        : {},
      `${seed}|${instancePath}`,
      { ...options, ...fieldOf(instancePath) },
    );
    if (instancePath === '') return replacement;
    result = setAt(result, instancePath, replacement);
    changed = true;
  }
  return changed ? result : undefined;
}

/** The property a JSON pointer ends at and the one holding its object (array indexes skipped): `/assignee/email` → email of assignee. */
function fieldOf(pointer: string): { name: string; parent: string } {
  const names = pointer
    .split('/')
    .slice(1)
    .filter((token) => !/^\d+$/.test(token))
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
  return { name: names[names.length - 1] ?? '', parent: names[names.length - 2] ?? '' };
}

function pointTo(root: unknown, pointer: string): unknown {
  let node = root;
  for (const token of pointer.split('/').slice(1)) {
    const key = decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~');
    node = isRecord(node) || Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node;
}

/** `value` with the node at a JSON pointer set (undefined removes an object property). */
function setAt(value: unknown, pointer: string, replacement: unknown): unknown {
  const tokens = pointer
    .split('/')
    .slice(1)
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (tokens.length === 0) return replacement;
  const root = value;
  let node: unknown = root;
  for (const token of tokens.slice(0, -1)) {
    node = isRecord(node) || Array.isArray(node) ? (node as Record<string, unknown>)[token] : undefined;
    if (node === undefined) return root;
  }
  const last = tokens[tokens.length - 1]!;
  if (Array.isArray(node)) node[Number(last)] = replacement;
  else if (isRecord(node)) {
    if (replacement === undefined) delete node[last];
    else Object.defineProperty(node, last, { value: replacement, enumerable: true, writable: true, configurable: true });
  }
  return root;
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
