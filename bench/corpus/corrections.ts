/**
 * Corrections a corpus server is measured with (`bench:inference --corrections <dir|labels>`), as a
 * scenario would give them (`tools:`, `entities:`, docs/simulator.md): what the reading and the
 * walks come to once a person, or a model read once, has corrected the rules.
 * - `<dir>`: `<dir>/<server>.json`, either `{tools, entities}` or what `mcpsim explain <tools.json>
 *   --model --json` prints (its first connection's `proposed`), so a model's reading of the corpus,
 *   made once with a key, is measured with none.
 * - `labels`: the labels as a person would correct the rules with them: only what the rules read
 *   wrong, where the correction format can say it (one operation, the entity, the id argument). The
 *   walks then show how far a right reading takes the simulator, which tells failures of reading
 *   from failures of the simulator's behaviour.
 * Measuring only: nothing here changes how the simulator reads or answers.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EntityCorrection, ToolOperation, ToolOverride } from '../../src/domain/tool-override.js';
import type { CorpusLabels } from './corpus-files.js';

export interface ServerCorrections {
  tools: Record<string, ToolOverride>;
  entities: Record<string, EntityCorrection>;
}

/** What the rules read wrong of each tool, by tool name (from the uncorrected reading's failures). */
export type Misread = ReadonlyMap<string, ReadonlySet<'kind' | 'entity' | 'id'>>;

/** The corrections of one corpus server, by its name and labels; undefined: measured as read. */
export type CorrectionsOf = (
  server: string,
  labels: CorpusLabels,
  misread: Misread,
  readEntities: ReadonlySet<string>,
) => ServerCorrections | undefined;

/**
 * `labels` or a folder of per-server files.
 *
 * @example
 *   const correctionsOf = toCorrectionsOf('labels');
 *   correctionsOf('stripe__mcp', labels)?.tools.create_customer; // { operation: 'create', entity: 'customer', id: null }
 */
export function toCorrectionsOf(source: string): CorrectionsOf {
  if (source === 'labels') return (_server, labels, misread, readEntities) => fromLabels(labels, misread, readEntities);
  return (server) => {
    const file = join(source, `${server}.json`);
    if (!existsSync(file)) return undefined;
    const data = JSON.parse(readFileSync(file, 'utf8')) as Partial<ServerCorrections> & {
      connections?: { proposed?: Partial<ServerCorrections> }[];
    };
    const given = data.connections?.[0]?.proposed ?? data;
    return { tools: given.tools ?? {}, entities: given.entities ?? {} };
  };
}

/** The label kinds an operation correction can say; the others (a described value, the clock…) are the answer's, left to the reading. */
const operationOf: Readonly<Record<string, ToolOperation>> = {
  create: 'create',
  read: 'read',
  list: 'list',
  search: 'search',
  update: 'update',
  transition: 'update',
  move: 'update',
  batch: 'update',
  delete: 'delete',
  other: 'other',
};

function fromLabels(labels: CorpusLabels, misread: Misread, readEntities: ReadonlySet<string>): ServerCorrections {
  const tools: Record<string, ToolOverride> = {};
  for (const [name, wrong] of misread) {
    const label = labels.tools[name];
    if (!label) continue;
    const kinds = label.kind.split('|');
    // A label with several kinds is a tool that dispatches, or one read either way: one operation cannot say it.
    const operation = wrong.has('kind') && kinds.length === 1 ? operationOf[kinds[0]!] : undefined;
    // Of a label's fair names, the one the server's other tools are read with, so the world keeps one type.
    const names = label.entity?.split('|') ?? [];
    const entity = wrong.has('entity') ? (names.find((name) => readEntities.has(name)) ?? names[0]) : undefined;
    const id = wrong.has('id') ? label.idArgument?.split('|')[0] : undefined;
    const correction = { ...(operation ? { operation } : {}), ...(entity ? { entity } : {}), ...(id ? { id } : {}) };
    if (Object.keys(correction).length > 0) tools[name] = correction;
  }
  return { tools, entities: {} };
}

/**
 * What the failures of an uncorrected reading (measure-readings.ts) say was read wrong, by tool.
 *
 * @example
 *   toMisread(['get_user: entity read as profile, labelled user']); // Map { 'get_user' => Set { 'entity' } }
 */
export function toMisread(failures: readonly string[]): Misread {
  const misread = new Map<string, Set<'kind' | 'entity' | 'id'>>();
  for (const failure of failures) {
    const match = /^(.+?): (kind|entity|id argument) read as /.exec(failure);
    if (!match) continue;
    const field = match[2] === 'id argument' ? 'id' : (match[2] as 'kind' | 'entity');
    misread.set(match[1]!, (misread.get(match[1]!) ?? new Set()).add(field));
  }
  return misread;
}
