/**
 * Reads the world back out of a simulator prompt (src/sim/prompt.ts), for fake models that may
 * answer only from what the prompt shows: the tests' and bench:fidelity's.
 */
import type { WorldState } from '../../src/domain/memory-log.js';

/**
 * The world as the prompt's world section shows it: its JSON line, plus the rows of a list's
 * table (null when the JSON was cut and does not parse).
 */
export function readWorldSection(prompt: string): WorldState | null {
  const start = prompt.indexOf('# World state\n');
  if (start < 0) return null;
  const lines = prompt.slice(start).split('\n');
  let world: WorldState;
  try {
    world = JSON.parse(lines[2] ?? '') as WorldState;
  } catch {
    return null;
  }
  const title = /^\d+ (\S+)(?: matching .*)? \(what this call lists, one per line, tab-separated: (.*)\)$/.exec(lines[3] ?? '');
  if (title) {
    const [type, header] = [title[1]!, title[2]!.split('\t')];
    const byId = (world.entities[type] ??= {});
    for (const row of lines.slice(4)) {
      if (!row.includes('\t')) break;
      const cells = row.split('\t');
      const fields: Record<string, unknown> = {};
      header.forEach((name, index) => {
        const cell = cells[index] ?? '';
        if (index > 0 && cell !== '') fields[name] = /^["[{]/.test(cell) ? JSON.parse(cell) : cell;
      });
      byId[cells[0]!] = fields;
    }
  }
  return world;
}

/**
 * The ids of a list the prompt folded into runs (`evt_1–evt_4, evt_9`; src/sim/prompt-world.ts
 * `toIdRuns`), unfolded; `…` (ids left unnamed) is dropped.
 */
export function readIdList(text: string): string[] {
  const ids: string[] = [];
  for (const part of text.split(', ')) {
    if (part === '…') continue;
    const run = /^(.*?)(\d+)–(.*?)(\d+)$/.exec(part);
    if (!run) {
      ids.push(part);
      continue;
    }
    const [, prefix, from, , to] = run;
    for (let number = Number(from); number <= Number(to); number++) ids.push(`${prefix}${String(number).padStart(from!.length, '0')}`);
  }
  return ids;
}
