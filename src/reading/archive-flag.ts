/**
 * The flag a server archives with when it is not called `archived`: Trello's lists and cards are
 * archived by `closed`, as its `update_list(closed: boolean)` says ("Whether to close (archive)
 * the list"). A service keeps one word for one state, so an `archive_card` of that server sets
 * `closed: true` too, and its lists hide what is closed as they hide what is archived.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { isControlArgument } from '../domain/world-query.js';
import { propertiesOf } from './tool-id-argument.js';
import type { ToolShape } from './tool-shape.js';
import { describedMove } from './described-state-words.js';

const flags = new WeakMap<readonly ToolDefinition[], string | null>();

/**
 * The boolean argument of a create or an update whose description says it archives, when its own
 * name does not (`closed`, `hidden`); null when no tool describes one, or two tools name two.
 *
 * @example
 *   describedArchiveFlag(trelloTools, shapes); // 'closed'
 */
export function describedArchiveFlag(tools: readonly ToolDefinition[], shapes: ReadonlyMap<string, ToolShape>): string | null {
  if (flags.has(tools)) return flags.get(tools)!;
  const found = new Set<string>();
  for (const tool of tools) {
    const operation = shapes.get(tool.name)?.operation;
    // A list's `showClosed: "include archived lists"` chooses what to show; only a write says how the entity keeps it.
    if (operation !== 'create' && operation !== 'update') continue;
    for (const [name, schema] of Object.entries(propertiesOf(tool))) {
      if (schema.type !== 'boolean' || typeof schema.description !== 'string' || isControlArgument(name)) continue;
      if (/archiv/i.test(name) || /^(include|show|with|only)/i.test(name)) continue;
      if (/\barchiv(e|ed|es|ing)\b/i.test(schema.description)) found.add(name);
    }
  }
  const flag = found.size === 1 ? [...found][0]! : null;
  flags.set(tools, flag);
  return flag;
}

/**
 * Whether archiving sets the entity's state rather than a flag: the archive tool's description says
 * it moves the status (`Sets their status to 'archived'`), or a `status`/`state` argument of the
 * entity's tools holds `archived` among its values (`status: { const: 'archived' }`).
 */
function archivesByState(shape: ToolShape, tools: readonly ToolDefinition[], shapes: ReadonlyMap<string, ToolShape>): boolean {
  for (const tool of tools) {
    const other = shapes.get(tool.name);
    if (other?.entity !== shape.entity) continue;
    if (other === shape && /^archived$/i.test(describedMove(tool.description).to ?? '')) return true;
    for (const [name, schema] of Object.entries(propertiesOf(tool))) {
      if (!/^(status|state)$/i.test(name)) continue;
      const values = [...(Array.isArray(schema.enum) ? schema.enum : []), schema.const];
      if (values.some((value) => typeof value === 'string' && /^archived$/i.test(value))) return true;
    }
  }
  return false;
}

/**
 * The shape with the archive verb's flag renamed to the one the server describes (`archived: true`
 * → `closed: true`), or made a state where the server keeps archiving in its status (`state:
 * 'archived'`); the shape itself when the server describes none, or the entity's own tools
 * take an `archived` flag of their own.
 *
 * @example
 *   withArchiveFlag(archiveCard, tools, shapes).sets; // { closed: true }
 */
export function withArchiveFlag(shape: ToolShape, tools: readonly ToolDefinition[], shapes: ReadonlyMap<string, ToolShape>): ToolShape {
  const archived = shape.sets.archived;
  if (shape.operation !== 'update' || typeof archived !== 'boolean') return shape;
  // Lemon Squeezy's `archive_customer`, "Sets their status to 'archived'": the state field says it, not a flag (state-fields.ts spells it).
  if (archived && archivesByState(shape, tools, shapes)) {
    const { archived: _stated, ...others } = shape.sets;
    return { ...shape, sets: { ...others, state: 'archived' } };
  }
  const flag = describedArchiveFlag(tools, shapes);
  if (flag === null) return shape;
  const own = tools.some((tool) => {
    const other = shapes.get(tool.name);
    if (other?.entity !== shape.entity || (other.operation !== 'create' && other.operation !== 'update')) return false;
    return Object.keys(propertiesOf(tool)).some((name) => /^(is_?)?archived$/i.test(name));
  });
  if (own) return shape;
  const { archived: _renamed, ...rest } = shape.sets;
  return { ...shape, sets: { ...rest, [flag]: archived } };
}
