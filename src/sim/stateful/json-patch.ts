/**
 * An update written as a JSON Patch (RFC 6902): a list of `{op, path, value}` operations, given
 * alone or in an object beside a comment (LaunchDarkly's `PatchWithComment: {patch, comment}`,
 * Azure DevOps work items, Kubernetes). The operations are the change: `replace` and `add` set
 * the value the path names, `remove` clears it (written as null: the world merges a change into
 * what it holds, so a value left out would stay; answers leave null values out). A path into a nested value
 * sets that value inside the field it starts from, so the rest of the field stays as it was. The
 * patch itself is never stored as a field. Pure.
 */
import type { AnswerInput } from './world-conventions.js';
import { isRecord } from '../../domain/json-record.js';

type Operation = { op: string; path: string; value?: unknown };

/**
 * The call with a JSON Patch argument turned into the fields it sets; the call unchanged when no
 * argument is one. `current` is the entity as stored, which a nested path changes a copy of.
 *
 * @example
 *   withJsonPatch(input, { name: 'Old' }).args; // { featureFlagKey: 'f', name: 'New' } for patch [{ op: 'replace', path: '/name', value: 'New' }]
 */
export function withJsonPatch(input: AnswerInput, current: Readonly<Record<string, unknown>> | undefined): AnswerInput {
  for (const [name, value] of Object.entries(input.args)) {
    const operations = toOperations(value) ?? toOperations(isRecord(value) ? value.patch : undefined);
    if (operations === null) continue;
    const args: Record<string, unknown> = Object.fromEntries(Object.entries(input.args).filter(([key]) => key !== name));
    for (const operation of operations) apply(args, operation, current ?? {});
    return { ...input, args };
  }
  return input;
}

function apply(args: Record<string, unknown>, { op, path, value }: Operation, current: Readonly<Record<string, unknown>>): void {
  if (op !== 'replace' && op !== 'add' && op !== 'remove') return;
  const [field, ...rest] = path
    .slice(1)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'));
  if (field === undefined || field === '') return;
  if (rest.length === 0) {
    args[field] = op === 'remove' ? null : value;
    return;
  }
  // `/environments/production/on`: the field as it is (or as this patch already made it), changed at that place.
  const base = Object.hasOwn(args, field) ? args[field] : current[field];
  args[field] = setAt(structuredClone(base ?? {}), rest, op === 'remove' ? null : value);
}

function setAt(target: unknown, path: readonly string[], value: unknown): unknown {
  const root: Record<string, unknown> = isRecord(target) || Array.isArray(target) ? (target as Record<string, unknown>) : {};
  let node: Record<string, unknown> = root;
  for (const [index, part] of path.entries()) {
    if (index === path.length - 1) {
      if (Array.isArray(node) && part === '-') (node as unknown[]).push(value);
      else node[part] = value;
    } else {
      const next = node[part];
      node = (node[part] = isRecord(next) || Array.isArray(next) ? next : {}) as Record<string, unknown>;
    }
  }
  return root;
}

/** The operations of a JSON Patch, or null when the value is none: a non-empty list of objects with an `op` and a `/path`. */
function toOperations(value: unknown): Operation[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const valid = value.every(
    (item) => isRecord(item) && typeof item.op === 'string' && typeof item.path === 'string' && item.path.startsWith('/'),
  );
  return valid ? (value as Operation[]) : null;
}
