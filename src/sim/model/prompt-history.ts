/** The earlier-calls section of the model's prompt (see prompt.ts). */
import type { CallLogEntry, WorldState } from '../../domain/memory-log.js';
import { entitiesShownBy, fieldsDifferingFromWorld, indexWorldById, type ShownEntity, type WorldIndex } from '../source/shown-entities.js';
import { factsOfEntry, isUsable } from './entry-facts.js';
import { failedCallsOf, relatedBefore } from './history-index.js';
import { truncate, type Needle } from './prompt-needles.js';

/** How many of the latest calls are always candidates, whatever they mention. */
export const recentEntryCap = 4;
/** How many older calls that mention this call's arguments may join them. */
export const relatedEntryCap = 6;

const entryChars = 800;

const factsOf = (entry: CallLogEntry) => factsOfEntry(entry, resultText);

function renderedEntry(entry: CallLogEntry): string {
  const facts = factsOf(entry);
  return (facts.rendered ??= renderEntry(entry));
}

/**
 * The latest calls and the older ones that mention the arguments (rarest matches first, then
 * newest), shown oldest first. A result that shows an entity with a field the world has since
 * changed is marked superseded, so that an old list is not repeated after a cancel; a call a
 * fault failed is marked injected, so it is not taken for the server's behaviour.
 */
export function renderHistory(
  history: readonly CallLogEntry[],
  needles: readonly Needle[],
  budget: number,
  world?: WorldState,
  self?: string,
): { text: string; included: number } {
  // The latest usable calls, newest first, found from the end: the log is not scanned.
  const recent: CallLogEntry[] = [];
  for (let at = history.length - 1; at >= 0 && recent.length < recentEntryCap; at--) if (isUsable(history[at]!)) recent.push(history[at]!);
  if (recent.length === 0)
    return { text: truncate(history.length === 0 ? '(none: this is the first call)' : '(none usable)', budget), included: 0 };
  // Only the older entries that mention a needle (the others would score 0), the best few from the
  // log's index without visiting the rest; matched against arguments and result only: "#3" and the
  // time of a call are no mention of 3.
  const related =
    recent.length < recentEntryCap ? [] : relatedBefore(history, needles, recent.at(-1)!, resultText, relatedEntryCap).entries;

  const chosen: CallLogEntry[] = [];
  const intro = (count: number) =>
    `${count} of ${history.length} earlier calls (the latest, and older ones mentioning this call's arguments), oldest first:\n`;
  let used = intro(history.length).length;
  for (const entry of [...recent, ...related]) {
    const cost = renderedEntry(entry).length + 1;
    if (used + cost > budget) continue;
    chosen.push(entry);
    used += cost;
  }
  chosen.sort((a, b) => a.sequence - b.sequence);
  const index = world ? indexWorldById(world) : null;
  const lines = chosen.map((entry) => {
    const line = index && isSuperseded(entry, index) ? markSuperseded(renderedEntry(entry)) : renderedEntry(entry);
    // A shared world's log holds other connections' calls: say whose, so their tools are not taken for this server's.
    return self !== undefined && entry.connectionId !== undefined && entry.connectionId !== self
      ? line.replace(/^(#\d+ \S+) /, `$1 [by connection ${entry.connectionId}] `)
      : line;
  });
  return { text: truncate(intro(chosen.length) + lines.join('\n'), budget), included: chosen.length };
}

/**
 * How many calls of this tool and arguments in `history` were mcpsim's own failures, which are no
 * answer of the server's (see `answeredBefore` in prompt.ts).
 */
export const failedCalls = (history: readonly CallLogEntry[], tool: string, argumentsKey: string): number =>
  failedCallsOf(history, tool, argumentsKey, resultText);

function renderEntry(entry: CallLogEntry): string {
  const status =
    entry.source === 'fault'
      ? "error [injected fault: not the server's behaviour; changed nothing]"
      : entry.result.isError
        ? 'error'
        : 'ok';
  return truncate(
    `#${entry.sequence} ${entry.at} ${entry.tool} ${entry.argumentsKey} -> ${status}: ${resultText(entry).replace(/\s*\n\s*/g, ' ')}`,
    entryChars,
  );
}

/** The text a client saw (structuredContent when the text is empty); only the first part of a long result matters here. */
export function resultText(entry: CallLogEntry): string {
  const texts = entry.result.content.map((item) => {
    const part = item as { type?: string; text?: string };
    return part.type === 'text' && typeof part.text === 'string' ? part.text : `[${part.type ?? 'content'}]`;
  });
  let body = texts.join('\n');
  if (body.trim() === '' && entry.result.structuredContent) body = JSON.stringify(entry.result.structuredContent);
  return body.slice(0, entryChars);
}

/** The entities an entry's result shows, worked out once per entry. */
function shownEntities(entry: CallLogEntry): ShownEntity[] {
  const facts = factsOf(entry);
  return (facts.shown ??= entitiesShownBy(entry.result));
}

/** Whether the result shows an entity one of whose fields the world now holds with another value. */
function isSuperseded(entry: CallLogEntry, index: WorldIndex): boolean {
  return shownEntities(entry).some((shown) => fieldsDifferingFromWorld(shown, index).length > 0);
}

function markSuperseded(line: string): string {
  return line.replace(/ -> (ok|error): /, ' -> $1 [superseded: the world changed since; current fields are in the World state]: ');
}
