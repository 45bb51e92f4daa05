/**
 * The prompt-only fake model of `npm run bench:fidelity`: it answers a call from what the prompt
 * shows and nothing else, the way a careful model would. The world section's JSON is the truth it
 * trusts first; an id the "Omitted" line names exists, with the fields of its latest result in
 * the earlier-calls lines (unless that line is marked superseded); an id neither shows is unknown.
 * So it is consistent exactly when the prompt holds the facts.
 */
import type { WorldChanges } from '../src/domain/memory-log.js';
import { readIdList, readWorldSection } from '../test/support/prompt-world-reader.js';
import { render, type BenchCall, type Domain, type Entity } from './fidelity-domains.js';

export interface FakeAnswer {
  text: string;
  isError: boolean;
  changes: WorldChanges;
}

/**
 * The fake model's answer to `call`, read from `prompt` alone.
 *
 * @example
 *   answerFromPrompt(prompt, calendar, { kind: 'get', tool: 'get_event', arguments: { event_id: 'evt_1003' }, id: 'evt_1003' });
 */
export function answerFromPrompt(prompt: string, domain: Domain, call: BenchCall): FakeAnswer {
  const type = domain.entityType;
  const shown = readWorldSection(prompt)?.entities[type] ?? {};
  const omitted = readOmittedIds(prompt, type);
  const fromHistory = readHistoryEntities(prompt);
  const exists = (id: string) => Object.hasOwn(shown, id) || omitted.has(id);
  const fieldsOf = (id: string) => (Object.hasOwn(shown, id) ? (shown[id] as Record<string, string>) : fromHistory.get(id));
  const none: WorldChanges = {};

  switch (call.kind) {
    case 'create': {
      const entity = { id: call.id!, fields: call.fields! };
      return { text: render.entity(entity), isError: false, changes: { upserts: [{ type, id: entity.id, fields: entity.fields }] } };
    }
    case 'get':
    case 'ghost': {
      const id = call.id!;
      if (!exists(id)) return { text: render.notFound(domain, id), isError: true, changes: { facts: [`There is no ${type} ${id}.`] } };
      return { text: render.entity({ id, fields: fieldsOf(id) ?? {} }), isError: false, changes: none };
    }
    case 'list': {
      const ids = new Set([...Object.keys(shown), ...omitted]);
      const listed: Entity[] = [];
      for (const id of ids) {
        const fields = fieldsOf(id);
        if (fields && call.matches!({ id, fields })) listed.push({ id, fields });
      }
      return { text: render.list(domain, listed), isError: false, changes: none };
    }
    case 'update': {
      const id = call.id!;
      if (!exists(id)) return { text: render.notFound(domain, id), isError: true, changes: none };
      const fields = { ...(fieldsOf(id) ?? {}), ...call.fields! };
      return { text: render.entity({ id, fields }), isError: false, changes: { upserts: [{ type, id, fields: call.fields! }] } };
    }
    case 'delete': {
      const id = call.id!;
      if (!exists(id)) return { text: render.notFound(domain, id), isError: true, changes: none };
      return { text: render.deleted(id), isError: false, changes: { deletes: [{ type, id }] } };
    }
  }
}

/** The ids of `type` the world section says exist but does not show ("Omitted …: 12 event (ids a, b, …, c)"). */
function readOmittedIds(prompt: string, type: string): Set<string> {
  const ids = new Set<string>();
  const line = prompt.split('\n').find((text) => text.startsWith('Omitted'));
  const match = line && new RegExp(`\\d+ ${type} \\(ids ([^)]*)\\)`).exec(line);
  if (match) for (const id of readIdList(match[1]!)) ids.add(id);
  const leftOut = prompt.split('\n').find((text) => text.startsWith('Left out for space'));
  if (leftOut) for (const id of readIdList(leftOut.slice(leftOut.indexOf('): ') + 3))) ids.add(id);
  return ids;
}

/** The entities the earlier-calls lines show (the latest wins), leaving out lines marked superseded. */
function readHistoryEntities(prompt: string): Map<string, Record<string, string>> {
  const entities = new Map<string, Record<string, string>>();
  const start = prompt.indexOf('# Earlier calls\n');
  const end = prompt.indexOf('\n# This call');
  for (const line of prompt.slice(start, end).split('\n')) {
    if (!/^#\d+ /.test(line) || /superseded/i.test(line)) continue;
    const body = line.slice(line.indexOf('-> ok: ') + 7);
    if (!line.includes('-> ok: ')) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      continue;
    }
    const visit = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object') {
        const record = value as Record<string, unknown>;
        if (typeof record.id === 'string' && Object.keys(record).length > 1) {
          const { id, ...fields } = record;
          entities.set(id, fields as Record<string, string>);
        } else Object.values(record).forEach(visit);
      }
    };
    visit(parsed);
  }
  return entities;
}
