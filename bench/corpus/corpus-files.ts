/**
 * The labelled corpus as files (bench/corpus/README.md): each `servers/<name>.json` that
 * collect.ts wrote, with its hand labels `labels/<name>.json` when someone has written them. The
 * measurement (measure.ts) and the integrity test (test/bench/corpus-files.test.ts) read it here.
 *
 * @example
 *   loadCorpus().map((entry) => [entry.server.name, entry.labels === null ? 'unlabelled' : 'labelled']);
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ToolDefinition } from '../../src/domain/registry.js';
import type { WalkStep } from '../public-servers.js';

/** The kinds a label may give a tool (README.md, "Label rules"); `a|b` where either reading is fair. */
export const labelKinds = [
  'create',
  'read',
  'list',
  'search',
  'update',
  'move',
  'transition',
  'batch',
  'delete',
  'current_user',
  'clock',
  'web_page',
  'screenshot',
  'described_value',
  'other',
] as const;

export type LabelKind = (typeof labelKinds)[number];

/** One tool as a person reads it. */
export interface ToolLabel {
  /** One kind, or several joined by `|`. */
  kind: string;
  entity?: string;
  idArgument?: string;
  parentArgument?: string;
  stateChange?: { field: string; to?: unknown };
}

export interface CorpusLabels {
  server: string;
  tools: Record<string, ToolLabel>;
  walk?: WalkStep[];
}

/** A `servers/<name>.json` as collect.ts writes it. */
export interface CorpusServer {
  name: string;
  kind: string;
  tunedOn?: string;
  provenance: {
    npm: string;
    version: string;
    repository: string | null;
    commit: string | null;
    file: string;
    args?: string[];
    env?: string[];
  };
  serverInfo: { name?: string; version?: string } | null;
  tools: ToolDefinition[];
}

export interface CorpusEntry {
  server: CorpusServer;
  labels: CorpusLabels | null;
}

export const corpusDir = fileURLToPath(new URL('.', import.meta.url));

/** Every server of the corpus in name order, with its labels or null. */
export function loadCorpus(directory = corpusDir): CorpusEntry[] {
  const serversDir = join(directory, 'servers');
  if (!existsSync(serversDir)) return [];
  return readdirSync(serversDir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const server = readJson<CorpusServer>(join(serversDir, file));
      const labelFile = join(directory, 'labels', file);
      return { server, labels: existsSync(labelFile) ? readJson<CorpusLabels>(labelFile) : null };
    });
}

/**
 * A server's second labelling, `second-labels/<name>.json` (written blind to `labels/`, for
 * agreement.ts), or null when it has none.
 */
export function loadSecondLabels(name: string, directory = corpusDir): CorpusLabels | null {
  const file = join(directory, 'second-labels', `${name}.json`);
  return existsSync(file) ? readJson<CorpusLabels>(file) : null;
}

/** The label files that have no server file beside them (a typo in a name, or a server taken out). */
export function orphanLabels(directory = corpusDir): string[] {
  const labelsDir = join(directory, 'labels');
  if (!existsSync(labelsDir)) return [];
  return readdirSync(labelsDir)
    .filter((file) => file.endsWith('.json') && !existsSync(join(directory, 'servers', file)))
    .sort();
}

/** The kinds a label allows: `list|search` → ['list', 'search']. */
export function toLabelKinds(label: ToolLabel): string[] {
  return label.kind.split('|').map((kind) => kind.trim());
}

function readJson<Value>(path: string): Value {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Value;
  } catch (error) {
    throw new Error(`${path}: not valid JSON (${error instanceof Error ? error.message : String(error)}); fix the file`, { cause: error });
  }
}
