/**
 * Creates that make kinds of one generic entity. A design or document service keeps one thing
 * that its tools act on by id (a Figma node, a Miro item, a Notion block, an Excalidraw element:
 * `get_node_info(nodeId)`, `move_node(nodeId)`, `delete_node(nodeId)`) and offers one create per
 * kind of it (`create_rectangle`, `create_frame`, `create_text`). Read one tool at a time, each
 * create makes a type of its own that no other tool ever names, so the id it answers is unknown
 * to every read. This pass reads those creates as making the generic entity.
 *
 * It applies only where the server says so from every side: one entity is what most tools acting
 * by id act on (at least five of them), nothing creates it by that name, and at least two creates
 * make types that no other tool reads, lists, changes or names in an argument. A server that
 * creates a `checkout` and later completes it by `checkout_id` keeps its checkout. Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { toNormalName } from '../domain/world-query.js';
import type { ToolOverride } from '../domain/tool-override.js';
import { propertiesOf } from './tool-id-argument.js';
import type { ToolShape } from './tool-shape.js';

/** Tools acting on the generic entity by id, at least. */
const leastActing = 5;
/** Kinds created, at least. */
const leastKinds = 2;

/**
 * The shapes with each create of a kind of the server's generic entity re-read as making it, with why.
 *
 * @example
 *   withVariantTypes(figmaTools, shapes).get('create_rectangle')?.entity; // 'node'
 */
export function withVariantTypes(
  tools: readonly ToolDefinition[],
  shapes: ReadonlyMap<string, ToolShape>,
  corrections: Readonly<Record<string, ToolOverride>>,
): Map<string, ToolShape> {
  const result = new Map(shapes);
  const generic = toGenericEntity(tools, shapes);
  if (generic === null) return result;
  const named = toNamedWords(tools);
  const kinds = new Map<string, string[]>();
  const others = new Set<string>();
  for (const [name, shape] of shapes) {
    if (shape.dispatch) for (const choice of Object.values(shape.dispatch.choices)) others.add(choice.entity);
    else if (shape.operation === 'create' && !Object.hasOwn(corrections, name))
      kinds.set(shape.entity, [...(kinds.get(shape.entity) ?? []), name]);
    else others.add(shape.entity);
  }
  // A create that takes the entity's own id (`reply_to_email(uid)`, `clone_node(nodeId)`) makes something from one, not a kind of it.
  const idArguments = new Set(
    [...shapes.values()].filter((shape) => shape.entity === generic && shape.idArgument !== null).map((shape) => shape.idArgument!),
  );
  const fromNothing = (name: string) =>
    !toolArguments(tools, name).some((argument) => idArguments.has(argument) || namedType(argument) === toNormalName(generic));
  const candidates = [...kinds].filter(
    ([entity, creates]) =>
      entity !== generic && entity !== 'item' && !others.has(entity) && !named.has(toNormalName(entity)) && creates.every(fromNothing),
  );
  // Kinds of one thing are made alike (`x`, `y`, `name`, `parentId`); a draft and a reply are not.
  const variants = candidates.filter(([, creates]) =>
    candidates.some(
      ([, alike]) => alike !== creates && sharesArguments(toolArguments(tools, creates[0]!), toolArguments(tools, alike[0]!)),
    ),
  );
  if (variants.length < leastKinds) return result;
  for (const [entity, creates] of variants)
    for (const name of creates)
      result.set(name, {
        ...shapes.get(name)!,
        entity: generic,
        entityWhy: `makes a kind of ${generic} (${entity}): the server acts on ${generic}s by id, creates ${entity}s and names them nowhere else`,
      });
  return result;
}

/** The entity most tools act on by id, when it is at least `leastActing` of them and no create makes it (a copy by its id aside). */
function toGenericEntity(tools: readonly ToolDefinition[], shapes: ReadonlyMap<string, ToolShape>): string | null {
  const acting = new Map<string, number>();
  let all = 0;
  for (const shape of shapes.values()) {
    if (shape.dispatch || shape.idArgument === null) continue;
    if (shape.operation === 'create' || shape.operation === 'list' || shape.operation === 'search') continue;
    all++;
    acting.set(shape.entity, (acting.get(shape.entity) ?? 0) + 1);
  }
  const [entity, count] = [...acting].reduce((best, entry) => (entry[1] > best[1] ? entry : best), ['', 0]);
  if (count < leastActing || count * 2 < all || entity === 'item') return null;
  for (const [name, shape] of shapes) {
    if (shape.dispatch || shape.operation !== 'create' || shape.entity !== entity) continue;
    // `clone_node(nodeId)` copies one: the server still creates none from nothing.
    if (!toolArguments(tools, name).some((argument) => namedType(argument) === toNormalName(entity))) return null;
  }
  const dispatched = [...shapes.values()].some(
    (shape) =>
      shape.dispatch && Object.values(shape.dispatch.choices).some((choice) => choice.entity === entity && choice.operation === 'create'),
  );
  return dispatched ? null : entity;
}

function toolArguments(tools: readonly ToolDefinition[], name: string): string[] {
  const tool = tools.find((candidate) => candidate.name === name);
  return tool ? Object.keys(propertiesOf(tool)) : [];
}

/** At least three argument names in common, or all of the smaller set's when it has fewer. */
function sharesArguments(one: readonly string[], other: readonly string[]): boolean {
  const shared = one.filter((argument) => other.includes(argument)).length;
  return shared > 0 && shared >= Math.min(3, one.length, other.length);
}

/** The type an argument names by id (`parentId` → `parent`), normalised; null for a value argument (`text`). */
function namedType(argument: string): string | null {
  const named = /^(.+?)_?(id|ids|key|keys)$/i.exec(argument);
  return named ? toNormalName(named[1]!) : null;
}

/** The types the server's arguments name by id (`parentId` → `parent`, `sticky_note_ids` → `stickynote`); a value such as `text` names none. */
function toNamedWords(tools: readonly ToolDefinition[]): Set<string> {
  const words = new Set<string>();
  for (const tool of tools)
    for (const argument of Object.keys(propertiesOf(tool))) {
      const named = namedType(argument);
      if (named !== null) words.add(named);
    }
  return words;
}
