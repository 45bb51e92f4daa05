/**
 * Wire shapes of `POST /tokens`. Strict: an unknown field is refused, never ignored, since
 * ignoring a restriction would widen a token.
 */
import { z } from 'zod';
import { accessOperations, parseTtl, resources, type Constraint, type Policy } from '../../domain/policy.js';
import { namespaceName } from './connection-schemas.js';

const quoted = (values: readonly string[]) => values.map((value) => JSON.stringify(value)).join(', ');

/** One value or a non-empty list of them; one message for every way to get it wrong. */
function oneOrList<T extends z.ZodType>(item: T, describe: string) {
  return z.union([item, z.array(item).min(1)], { error: `must be ${describe}, or a non-empty list of them` });
}

const ttlSchema = z.union([z.number(), z.string()]).superRefine((value, context) => {
  const parsed = parseTtl(value);
  if ('error' in parsed) context.addIssue({ code: 'custom', message: parsed.error });
});

const metadataMapSchema = z
  .record(z.string().min(1, 'keys must not be empty'), z.string({ error: 'values must be strings' }))
  .refine((map) => Object.keys(map).length > 0, 'must have at least one key');

/**
 * zod's record drops a `__proto__` key without a word, which would mint a token wider than asked
 * (`{"__proto__": "x", "team": "a"}` restricted to team alone): the key is refused instead, before
 * the maps are parsed.
 */
function refusingProtoKeys<T extends z.ZodType>(schema: T) {
  return z.preprocess((value, context) => {
    const maps = Array.isArray(value) ? value : [value];
    maps.forEach((map, index) => {
      if (map === null || typeof map !== 'object' || !Object.hasOwn(map, '__proto__')) return;
      const path = Array.isArray(value) ? [index, '__proto__'] : ['__proto__'];
      context.issues.push({
        code: 'custom',
        input: value,
        path,
        message: 'is not a key a token can restrict on; remove it (a restriction is never ignored)',
      });
    });
    return value;
  }, schema);
}

export const constraintSchema = z
  .strictObject({
    namespaces: oneOrList(namespaceName, 'a namespace name'),
    resources: oneOrList(z.enum(resources), `one of ${quoted(resources)}`),
    operations: oneOrList(z.enum(accessOperations), `one of ${quoted(accessOperations)}`),
    metadata: refusingProtoKeys(
      z.union([metadataMapSchema, z.array(metadataMapSchema).min(1)], {
        error: 'must be an object of string values with at least one key, or a non-empty list of such objects',
      }),
    ),
    ttl: ttlSchema.describe('Seconds (a positive integer) or "<n>h", "<n>m", "<n>s"; at most 24 hours; default 1 hour'),
  })
  .partial()
  .meta({ id: 'Constraint' });

export const tokenRequestSchema = z
  .strictObject({ policy: z.array(constraintSchema).min(1).optional() })
  .meta({ id: 'CreateTokenRequest' });

export const tokenResponseSchema = z
  .strictObject({ token: z.string(), expiresAt: z.string().describe('ISO 8601 UTC with milliseconds') })
  .meta({ id: 'CreateTokenResponse' });

export type TokenRequest = z.output<typeof tokenRequestSchema>;

/**
 * The policy of a validated request with its lists normalised, and the shortest ttl among its
 * constraints (undefined when none has one: the default applies).
 */
export function toPolicyRequest(request: TokenRequest): { policy?: Policy; ttlSeconds?: number } {
  if (!request.policy) return {};
  let ttlSeconds: number | undefined;
  const policy = request.policy.map(({ ttl, ...wire }): Constraint => {
    if (ttl !== undefined) {
      const parsed = parseTtl(ttl);
      if ('seconds' in parsed) ttlSeconds = Math.min(ttlSeconds ?? Infinity, parsed.seconds);
    }
    const constraint: Constraint = {};
    if (wire.namespaces !== undefined) constraint.namespaces = toList(wire.namespaces);
    if (wire.resources !== undefined) constraint.resources = toList(wire.resources);
    if (wire.operations !== undefined) constraint.operations = toList(wire.operations);
    if (wire.metadata !== undefined) constraint.metadata = toList(wire.metadata);
    return constraint;
  });
  return { policy, ...(ttlSeconds === undefined ? {} : { ttlSeconds }) };
}

function toList<T>(value: T | T[]): T[] {
  return Array.isArray(value) ? value : [value];
}
