/**
 * What a zod issue in a scenario means to the person who wrote the file: the rule in plain words,
 * the field's description from the schema, and the nearest known key for a typo.
 */
import { describeRule, valueAt } from '../domain/field-message.js';
import type { z } from 'zod';
import { scenarioSchema } from './scenario-schema.js';

export type Segment = string | number;
export type Finding = { path: Segment[]; message: string; at?: 'key' | 'value' };

// ---- schema issues --------------------------------------------------------------------------

export function describeIssue(issue: z.core.$ZodIssue, input: unknown): Finding[] {
  const path = issue.path.map((segment) => (typeof segment === 'symbol' ? String(segment) : segment));
  if (issue.code === 'unrecognized_keys') {
    const known = knownKeysAt(path);
    return issue.keys.map((key) => {
      const closest = closestOf(key, known);
      const home = closest ? undefined : placesAccepting(key, path);
      const fix = closest
        ? `did you mean "${closest}"?`
        : home
          ? `${key} belongs under ${home.under}: (${home.shown}); indent it there`
          : `the properties allowed here are ${known.join(', ')}`;
      return { path: [...path, key], at: 'key' as const, message: `${toDisplayPath([...path, key])}: unknown property; ${fix}` };
    });
  }
  if (issue.code === 'invalid_union') {
    // The branch whose shape the value has (e.g. the object form of `uplink:`) tells which property is wrong, at its own path.
    const fitting = issue.errors.find(
      (branch) => branch.length > 0 && branch.every((inner) => inner.code !== 'invalid_type' || inner.path.length > 0),
    );
    if (fitting)
      return fitting.flatMap((inner) => describeIssue({ ...inner, path: [...issue.path, ...inner.path] } as z.core.$ZodIssue, input));
  }
  const parentPath = path.slice(0, -1);
  const last = path[path.length - 1];
  if (issue.code === 'invalid_type' && last !== undefined && !hasKey(valueAt(input, parentPath), last)) {
    const description = descriptionAt(path);
    const example = path.length === 1 && last === 'namespaces' ? namespacesExample(input) : '';
    return [
      {
        path: parentPath,
        message: `${toDisplayPath(path)}: is required; add ${String(last)}:${description ? ` <${description}>` : ''}${example}`,
      },
    ];
  }
  const value = valueAt(input, path);
  // A key that breaks its rule (a `pin:` pointer) is shown at the key, with the key as the value.
  if (issue.code === 'invalid_key' && last !== undefined)
    return [{ path, at: 'key', message: `${toDisplayPath(path)}: ${describeScenarioRule(issue, String(last), true)}` }];
  return [{ path, message: `${toDisplayPath(path)}: ${describeScenarioRule(issue, value, !isSecretPath(path))}` }];
}

/**
 * How to write the namespaces a file lacks, with its first server when it has one: a newcomer who
 * wrote the servers and the world often expects them mocked without saying where.
 */
function namespacesExample(input: unknown): string {
  const servers = (input as { servers?: { qualifiedName?: unknown }[] } | null)?.servers;
  const server = Array.isArray(servers) && typeof servers[0]?.qualifiedName === 'string' ? servers[0].qualifiedName : '@acme/crm';
  const id =
    server
      .split('/')
      .at(-1)!
      .replace(/-mcp(-server)?$|^mcp-/g, '') || 'server';
  return `, e.g. namespaces: [{ name: demo, connections: [{ id: ${id}, server: "${server}", mock: true }] }]`;
}

/** Header values and a local server's environment are likely secrets: a message never shows them. */
function isSecretPath(path: readonly Segment[]): boolean {
  return path.some((segment, index) => segment === 'headers' || (segment === 'env' && path[index - 1] === 'uplink'));
}

/** The shared wording of a rule (domain/field-message.ts), plus "did you mean" for a near miss of an allowed value. */
function describeScenarioRule(issue: z.core.$ZodIssue, value: unknown, showValues: boolean): string {
  const rule = describeRule(issue, value, { types: 'yaml', showValues });
  if (issue.code !== 'invalid_value' || typeof value !== 'string') return rule;
  const closest = closestOf(
    value,
    issue.values.filter((allowed): allowed is string => typeof allowed === 'string'),
  );
  return closest ? `${rule}; did you mean "${closest}"?` : rule;
}

function hasKey(value: unknown, key: Segment): boolean {
  return value !== null && typeof value === 'object' && Object.prototype.hasOwnProperty.call(value, key);
}

/** `namespaces.0.connections.1` as `namespaces[0].connections[1]`; odd keys quoted: `jsonPath["$.a"]`. */
export function toDisplayPath(path: readonly Segment[]): string {
  if (path.length === 0) return 'scenario';
  return path
    .map((segment, index) => {
      if (typeof segment === 'number') return `[${segment}]`;
      if (!/^[A-Za-z_$][\w$]*$/.test(segment)) return `[${JSON.stringify(segment)}]`;
      return index === 0 ? segment : `.${segment}`;
    })
    .join('');
}

// ---- the schema at a path (for allowed keys and descriptions) -------------------------------

interface SchemaNode {
  description?: string;
  _zod: {
    def: {
      type: string;
      shape?: Record<string, SchemaNode>;
      element?: SchemaNode;
      valueType?: SchemaNode;
      innerType?: SchemaNode;
      options?: SchemaNode[];
    };
  };
}

const wrapperTypes = new Set(['optional', 'default', 'prefault', 'nullable', 'readonly', 'nonoptional', 'catch']);

/**
 * The schema under its wrappers; for a union with one object form (`mock: true | text | {...}`),
 * that object, so a key written there is checked against its properties.
 */
function unwrap(schema: SchemaNode): SchemaNode {
  let current = schema;
  while (wrapperTypes.has(current._zod.def.type) && current._zod.def.innerType) current = current._zod.def.innerType;
  if (current._zod.def.type === 'union') {
    const objects = (current._zod.def.options ?? []).map(unwrap).filter((option) => option._zod.def.type === 'object');
    if (objects.length === 1) return objects[0]!;
  }
  return current;
}

function schemaAt(path: readonly Segment[]): SchemaNode | undefined {
  let schema: SchemaNode | undefined = scenarioSchema as unknown as SchemaNode;
  for (const segment of path) {
    if (!schema) return undefined;
    const def: SchemaNode['_zod']['def'] = unwrap(schema)._zod.def;
    schema =
      def.type === 'object'
        ? def.shape?.[String(segment)]
        : def.type === 'array'
          ? def.element
          : def.type === 'record'
            ? def.valueType
            : undefined;
  }
  return schema;
}

function knownKeysAt(path: readonly Segment[]): string[] {
  const schema = schemaAt(path);
  const def = schema ? unwrap(schema)._zod.def : undefined;
  return def?.type === 'object' && def.shape ? Object.keys(def.shape) : [];
}

/**
 * Where `key` is accepted, when the schema knows exactly one such place: first among the objects
 * nested below `path` (a dedented `jsonPath:` under a step belongs under its `expect:`), else
 * anywhere in the file.
 */
function placesAccepting(key: string, path: readonly Segment[]): { under: string; shown: string } | undefined {
  const found: Array<{ under: string; shown: string }> = [];
  const walk = (schema: SchemaNode | undefined, at: string[], depth: number) => {
    if (!schema || depth > 6) return;
    const def: SchemaNode['_zod']['def'] = unwrap(schema)._zod.def;
    if (def.type === 'object' && def.shape) {
      if (at.length > 0 && Object.hasOwn(def.shape, key))
        found.push({ under: at[at.length - 1]!.replace(/\[\]$/, ''), shown: [...at, key].join('.') });
      for (const [name, child] of Object.entries(def.shape)) walk(child, [...at, name], depth + 1);
    } else if (def.type === 'array' && def.element) {
      walk(def.element, [...at.slice(0, -1), `${at[at.length - 1] ?? ''}[]`], depth + 1);
    }
  };
  walk(schemaAt(path), [], 0);
  if (found.length === 1) return { under: found[0]!.under, shown: `${toDisplayPath(path)}.${found[0]!.shown}` };
  if (found.length > 1) return undefined;
  walk(scenarioSchema as unknown as SchemaNode, [], 0);
  return found.length === 1 ? found[0] : undefined;
}

function descriptionAt(path: readonly Segment[]): string | undefined {
  const schema = schemaAt(path);
  return schema ? (schema.description ?? unwrap(schema).description) : undefined;
}

// ---- "did you mean" -------------------------------------------------------------------------

/** The candidate nearest to `wanted` (case-insensitive edit distance), when near enough to be a typo. */
export function closestOf(wanted: string, candidates: readonly string[]): string | undefined {
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(wanted.toLowerCase(), candidate.toLowerCase());
    if (!best || distance < best.distance) best = { candidate, distance };
  }
  return best && best.distance <= Math.max(1, Math.floor(wanted.length / 3)) ? best.candidate : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}
