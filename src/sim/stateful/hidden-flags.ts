/**
 * Flags a service's lists leave out unless asked: a list that takes `include_disabled` (or
 * `includeInactive`, `show_deleted`, `with_closed`) shows the entities whose `disabled` flag is
 * set only when that argument is true, as "Returns active customers by default" says; a status
 * that names the flag counts as it (`showDeleted` and a cancelled event). A new entity
 * starts with the flag off where a tool of its type sets it (create-defaults.ts).
 */
import { fieldValue, toNormalName } from '../../domain/world-query.js';
import type { AnswerInput } from './world-conventions.js';

/** The states a hidden flag also names: a deleted event is a cancelled one. */
const stateWords: Readonly<Record<string, readonly string[]>> = {
  deleted: ['deleted', 'cancelled', 'canceled'],
  cancelled: ['cancelled', 'canceled'],
  canceled: ['cancelled', 'canceled'],
};

/** `include_disabled` → `disabled`; null for an argument that asks for nothing hidden. */
function askedFlag(name: string): string | null {
  const match = /^(?:include|show|with)_?(.+)$/i.exec(name);
  if (!match) return null;
  const flag = toNormalName(match[1]!);
  // `include_fields`, `with_details`: what the answer carries, not which entities it keeps.
  return /s$/.test(flag) && !/(?:ss|us)$/.test(flag) ? null : flag;
}

/**
 * The flags the entity's lists hide by default, by their normal name (`disabled`): boolean
 * `include_<flag>` arguments of its list and search tools.
 *
 * @example
 *   hiddenFlags(input); // ['disabled'] beside list_customers({ include_disabled: boolean })
 */
export function hiddenFlags(input: AnswerInput): string[] {
  const flags = new Set<string>();
  for (const tool of [input.tool, ...input.serverTools]) {
    const shape = input.shapes.get(tool.name);
    if (shape?.entity !== input.shape.entity || (shape.operation !== 'list' && shape.operation !== 'search')) continue;
    for (const [name, schema] of Object.entries(
      (tool.inputSchema.properties ?? {}) as Record<string, Record<string, unknown> | undefined>,
    )) {
      const flag = schema?.type === 'boolean' ? askedFlag(name) : null;
      if (flag !== null && schema?.default !== true) flags.add(flag);
    }
  }
  return [...flags];
}

/**
 * Whether a list call leaves the entity out: one of the hidden flags is set on it and the call
 * did not ask for those.
 *
 * @example
 *   isHiddenByFlag(['disabled'], { disabled: true }, {}); // true
 *   isHiddenByFlag(['disabled'], { disabled: true }, { include_disabled: true }); // false
 */
export function isHiddenByFlag(
  flags: readonly string[],
  fields: Readonly<Record<string, unknown>>,
  args: Readonly<Record<string, unknown>>,
): boolean {
  const state = fieldValue(fields, 'status') ?? fieldValue(fields, 'state');
  return flags.some((flag) => {
    const value = fieldValue(fields, flag) ?? fieldValue(fields, `is_${flag}`);
    // `showDeleted` beside an event whose status is cancelled: the state says it as a flag would (Google Calendar's lists).
    const inState = typeof state === 'string' && (stateWords[flag] ?? [flag]).includes(toNormalName(state));
    if (value !== true && value !== 1 && value !== 'true' && !inState) return false;
    return !Object.entries(args).some(([name, asked]) => askedFlag(name) === flag && asked === true);
  });
}
