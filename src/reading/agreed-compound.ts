/**
 * One reading per compound a server's tool names share, read from the whole server once
 * (server-types.ts calls it last): where three or more tools name the same compound
 * (`create_manual_account`, `get_single_manual_account`, `update_manual_account`, …) and most of
 * them read one entity that keeps the compound's head (its last word), a tool that read only
 * another part of it (`account`, where an id argument `accountId` pulled it to the owner's type;
 * `checklist` of `edit_checklist_item`) reads what the others read. The service
 * names one thing by one compound; the name rules, read tool by tool, may each stop at a
 * different word of it. Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { toFullWord, toSingular } from './entity-words.js';
import { parseToolName, toCommonPrefix, toServiceWords } from './tool-name.js';
import type { ToolShape } from './tool-shape.js';

/**
 * The shapes with each tool that read a part of a shared compound re-read as most of the
 * compound's tools read it, with why (`entityWhy`); a corrected tool keeps its reading.
 *
 * @example
 *   withAgreedCompounds(tools, shapes, () => false, []).get('update_manual_account')?.entity; // 'manual_account' where three tools read it so
 */
export function withAgreedCompounds(
  tools: readonly ToolDefinition[],
  shapes: ReadonlyMap<string, ToolShape>,
  corrected: (name: string) => boolean,
  serverNames: readonly string[],
): Map<string, ToolShape> {
  const prefix = toCommonPrefix(tools);
  const serviceWords = toServiceWords(serverNames);
  const groups = new Map<string, string[]>();
  for (const tool of tools) {
    const words = parseToolName(tool.name, prefix, serviceWords).entityWords.map((word) => toFullWord(toSingular(word)));
    if (words.length < 2) continue;
    const key = words.join('_');
    groups.set(key, [...(groups.get(key) ?? []), tool.name]);
  }
  const result = new Map(shapes);
  for (const [compound, names] of groups) {
    const readable = names.filter((name) => !corrected(name) && !shapes.get(name)?.dispatch);
    const counts = new Map<string, number>();
    for (const name of readable) counts.set(shapes.get(name)!.entity, (counts.get(shapes.get(name)!.entity) ?? 0) + 1);
    const [agreed, votes = 0] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [];
    // The head of an English compound is its last word: only a reading that keeps it names the thing (`project member` is a member).
    if (agreed === undefined || votes < 2 || votes * 2 <= names.length || !`_${compound}`.endsWith(`_${agreed}`)) continue;
    for (const name of readable) {
      const shape = shapes.get(name)!;
      // `add_cycle_issues(cycle_id, issues)` read as a change to a cycle's list of issues keeps that whole reading: its id is a cycle's.
      if (shape.entity === agreed || !isPartOf(shape.entity, compound) || shape.listField) continue;
      result.set(name, {
        ...shape,
        entity: agreed,
        entityWhy: `${votes} of the ${names.length} tools whose names say "${compound.replace(/_/g, ' ')}" read it as ${agreed}; this one read only "${shape.entity.replace(/_/g, ' ')}" of it`,
      });
    }
  }
  return result;
}

/** Whether an entity's words stand together in a compound (`account` and `manual_account` in `manual_account`). */
function isPartOf(entity: string, compound: string): boolean {
  return `_${compound}_`.includes(`_${entity}_`);
}
