/**
 * The consistency check after every model answer: what the answer shows is compared with the
 * world before the call, taking the answer's own changes into account. A contradiction is
 * - a field of an entity the world holds, shown with another value, that the answer's changes do
 *   not set to the shown value (an event shown "confirmed" after it was cancelled);
 * - an entity a list or search should hold (its filters match it, prompt-focus.ts) missing from
 *   the answer, when the answer lists entities and the tool does not page (no paging arguments,
 *   given or declared, and no "at most 20" in its description).
 * The model source retries once with the conflicts named, then reports what remains in
 * `_meta["mcpsim/contradictions"]` (and so in the memory log). Pure.
 */
import type { LoggedResult, WorldChanges, WorldState } from '../../domain/memory-log.js';
import type { ToolDefinition } from '../../domain/registry.js';
import type { ToolOverride } from '../../reading/tool-operation.js';
import { isControlArgument, isPagingArgument } from '../../domain/world-query.js';
import { toListFocus } from './prompt-focus.js';
import { entitiesShownBy, fieldsDifferingFromWorld, indexWorldById } from '../source/shown-entities.js';

export interface AnswerCheckInput {
  result: LoggedResult;
  changes: WorldChanges;
  /** The world before the call. */
  world: WorldState;
  tool: ToolDefinition;
  serverTools?: readonly ToolDefinition[] | undefined;
  toolOverrides?: Readonly<Record<string, ToolOverride>> | undefined;
  /** The server's qualified and display names (see inferServerShapes). */
  serverNames?: readonly string[] | undefined;
  arguments: Readonly<Record<string, unknown>>;
}

/** The most missing ids one contradiction names. */
const missingNamed = 10;
/** A list of more matching entities than this is paged by any real server: not checked for missing ones. */
const checkedListSize = 50;

/**
 * The contradictions between an answer and the world, each a sentence naming the entity, the
 * field and both values; empty when the answer agrees.
 *
 * @example
 *   findContradictions({ result, changes: {}, world, tool: listEvents, arguments: { day: '2026-03-03' } });
 *   // ['evt_1.status is "confirmed" in the answer but "cancelled" in the world state']
 */
export function findContradictions(input: AnswerCheckInput): string[] {
  if (input.result.isError) return [];
  const index = indexWorldById(input.world);
  const changed = new Map<string, Record<string, unknown>>();
  for (const upsert of input.changes.upserts ?? []) changed.set(upsert.id, { ...changed.get(upsert.id), ...upsert.fields });
  const deleted = new Set((input.changes.deletes ?? []).map((entry) => entry.id));
  const shown = entitiesShownBy(input.result);
  const found: string[] = [];
  const seen = new Set<string>();
  for (const entity of shown) {
    for (const { field, shown: value, world } of fieldsDifferingFromWorld(entity, index)) {
      const set = changed.get(entity.id);
      if (set && Object.hasOwn(set, field) && String(set[field]) === String(value)) continue;
      const sentence = `${entity.id}.${field} is ${JSON.stringify(value)} in the answer but ${JSON.stringify(world)} in the world state`;
      if (seen.has(sentence)) continue;
      seen.add(sentence);
      found.push(sentence);
    }
  }
  const missing = missingFromList(input, new Set(shown.map((entity) => entity.id)), deleted);
  if (missing) found.push(missing);
  return found;
}

function missingFromList(input: AnswerCheckInput, shownIds: ReadonlySet<string>, deleted: ReadonlySet<string>): string | null {
  if (Object.keys(input.arguments).some((name) => isControlArgument(name)) || pages(input.tool)) return null; // a page: not the whole list
  const focus = toListFocus({
    tool: input.tool,
    serverTools: input.serverTools,
    toolOverrides: input.toolOverrides,
    serverNames: input.serverNames,
    arguments: input.arguments,
    world: input.world,
  });
  if (!focus || focus.ids.size === 0 || focus.ids.size > checkedListSize) return null;
  // Only an answer that lists entities of that kind is held to the list (an answer shaped otherwise, e.g. a count, is not).
  const listsAny = [...shownIds].some((id) => focus.ids.has(id) || !Object.hasOwn(input.world.entities[focus.type] ?? {}, id));
  if (!listsAny && shownIds.size === 0 && !/"\w+"\s*:\s*\[\s*\]/.test(textOf(input.result))) return null;
  const missing = [...focus.ids].filter((id) => !shownIds.has(id) && !deleted.has(id));
  if (missing.length === 0) return null;
  const named =
    missing.slice(0, missingNamed).join(', ') + (missing.length > missingNamed ? `, and ${missing.length - missingNamed} more` : '');
  const filters = focus.filters.length > 0 ? ` matching ${focus.filters.join(', ')}` : '';
  return `the world state holds ${focus.type} ${named}${filters}, missing from the answer`;
}

/** A tool that answers a page by default: it takes paging arguments, or says it lists "at most 20". */
function pages(tool: ToolDefinition): boolean {
  const properties = Object.keys((tool.inputSchema as { properties?: Record<string, unknown> }).properties ?? {});
  return (
    properties.some((name) => isPagingArgument(name)) ||
    /\b(at most|up to|first|no more than|maximum of) \d+|\bpage[sd]?\b|\bpaginat/i.test(tool.description ?? '')
  );
}

function textOf(result: LoggedResult): string {
  return result.content
    .map((item) => (item as { text?: unknown }).text)
    .filter((text): text is string => typeof text === 'string')
    .join('\n');
}
