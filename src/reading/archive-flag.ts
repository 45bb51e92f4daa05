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
 * The shape with the archive verb's flag renamed to the one the server describes (`archived: true`
 * → `closed: true`); the shape itself when the server describes none, or the entity's own tools
 * take an `archived` flag of their own.
 *
 * @example
 *   withArchiveFlag(archiveCard, tools, shapes).sets; // { closed: true }
 */
export function withArchiveFlag(shape: ToolShape, tools: readonly ToolDefinition[], shapes: ReadonlyMap<string, ToolShape>): ToolShape {
  const archived = shape.sets.archived;
  if (shape.operation !== 'update' || typeof archived !== 'boolean') return shape;
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
