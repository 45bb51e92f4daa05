/**
 * One word for one concept across the server: where other tools read `list_organization_webhooks`
 * as webhooks (`organization` is an owner the name writes before its entity), the same owner
 * before a type other tools keep scopes that type too: `redeliver_organization_webhook_delivery`
 * acts on a `webhook_delivery`,
 * `ping_repository_webhook` on a `webhook`, where the owner is one the tool names by an argument or
 * the compound is one tool's alone. The longest such type that ends the name's entity wins.
 * Part of the server-wide pass (server-types.ts). Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { toFullWord, toSingular, toWords } from './entity-words.js';
import { toArgumentStems } from './owned-entity.js';
import type { ToolShape } from './tool-shape.js';
import { toVerbMeaning } from './tool-verbs.js';

/**
 * The shapes with each entity an owner word scopes re-read as the type other tools keep.
 *
 * @example
 *   withOwnerScopedTypes(tools, shapes, keepers, corrected).get('ping_repository_webhook')?.entity; // 'webhook'
 */
export function withOwnerScopedTypes(
  tools: readonly ToolDefinition[],
  shapes: ReadonlyMap<string, ToolShape>,
  keepers: ReadonlyMap<string, ReadonlySet<string>>,
  corrected: (name: string) => boolean,
): Map<string, ToolShape> {
  const nameWords = new Map(tools.map((tool) => [tool.name, toWords(tool.name).map((word) => toFullWord(toSingular(word)))]));
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  // Owner words: a word some tool's name writes right before its entity, which the reading left out.
  const owners = new Set<string>();
  for (const [name, shape] of shapes) {
    const words = nameWords.get(name);
    if (!words || shape.dispatch) continue;
    const at = indexOfRun(words, shape.entity.split('_'));
    // Only an owner the tool names by an argument (`org` of `list_organization_webhooks(org)`): a qualifier left out (`draft`) is none.
    const tool = byName.get(name);
    if (at > 0 && toVerbMeaning(words[at - 1]!) === undefined && tool && toArgumentStems(tool).has(words[at - 1]!))
      owners.add(words[at - 1]!);
  }
  const result = new Map(shapes);
  for (const tool of tools) {
    const shape = shapes.get(tool.name);
    const words = nameWords.get(tool.name);
    if (!shape || !words || shape.dispatch || corrected(tool.name)) continue;
    const stems = toArgumentStems(tool);
    const alone = [...shapes.values()].filter((other) => other.entity === shape.entity).length === 1;
    const last = words.lastIndexOf(shape.entity.split('_').at(-1)!);
    if (last === -1) continue;
    // Runs of the name ending at the entity's last word, longest first, that tools whose entity is not this one keep.
    const type = [...Array(last + 1).keys()]
      .map((start) => ({ start, run: words.slice(start, last + 1).join('_') }))
      .find(({ start, run }) => {
        // The owner is one the tool's arguments name (`org`, `repo`): it scopes, it is no part of the type.
        if (start === 0 || run === shape.entity || !owners.has(words[start - 1]!) || !(alone || stems.has(words[start - 1]!))) return false;
        return [...(keepers.get(run) ?? [])].some((keeper) => shapes.get(keeper)?.entity === run && keeper !== tool.name);
      });
    if (type === undefined) continue;
    const owner = words[type.start - 1]!;
    const why = `"${owner}" before ${type.run.replace(/_/g, ' ')} is an owner the server's names write before their entity; other tools keep ${type.run}`;
    result.set(tool.name, { ...shape, entity: type.run, entityWhy: why });
  }
  return result;
}

/** Where a run of words starts in a name's words, or -1. */
function indexOfRun(words: readonly string[], run: readonly string[]): number {
  return words.findIndex((_, start) => run.every((word, offset) => words[start + offset] === word));
}
