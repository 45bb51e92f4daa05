/**
 * State an action sets and a read with nothing to name reads back: Browserbase's
 * `stagehand_navigate(url)` then `stagehand_get_url()` answers the URL navigated to, not a
 * made-up `{"id": "url"}`. The world keeps every other action as a fact (`call #n: tool {args}`);
 * the latest one whose arguments carry a field named as the read's entity gives the answer.
 */
import type { WorldState } from '../../domain/memory-log.js';
import { toNormalName } from '../../domain/world-query.js';

const factPattern = /^call #\d+: (\S+) (\{.*\})$/;

/**
 * The latest value an earlier action gave for an argument named like `entity`, or undefined.
 *
 * @example
 *   lastGivenValue({ entities: {}, facts: ['call #2: navigate {"url":"https://acme.test"}'] }, 'url', 'get_url'); // 'https://acme.test'
 */
export function lastGivenValue(world: WorldState, entity: string, tool: string): unknown {
  const wanted = toNormalName(entity);
  for (let index = world.facts.length - 1; index >= 0; index--) {
    const match = factPattern.exec(world.facts[index]!);
    if (!match || match[1] === tool) continue;
    let args: unknown;
    try {
      args = JSON.parse(match[2]!);
    } catch {
      continue; // a fact cut short
    }
    if (args === null || typeof args !== 'object') continue;
    for (const [name, value] of Object.entries(args)) if (toNormalName(name) === wanted && typeof value !== 'object') return value;
  }
  return undefined;
}
