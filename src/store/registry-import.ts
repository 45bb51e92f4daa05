import { existsSync, readFileSync, statSync } from 'node:fs';
import { findJsonLimitBreach, toBreachMessage } from '../domain/json-limits.js';
import { basename, join } from 'node:path';
import { z } from 'zod';
import { apiError } from '../errors.js';
import type { Clock } from '../domain/clock.js';
import type { ServerInfo } from '../domain/connection.js';
import { toFieldMessage } from '../domain/field-message.js';
import {
  parseRegistryRecord,
  qualifiedNameSchema,
  recordToolsSchema,
  toRecordId,
  toRegistryEntry,
  type RegistryRecord,
} from '../domain/registry-record.js';
import type { RegistryEntry, RegistrySummary, ToolDefinition } from '../domain/registry.js';
import type { Stores } from './stores.js';

export interface ImportCounts {
  /** Server records read. */
  read: number;
  /** Entries that were not in the registry before. */
  created: number;
  /** Entries that replaced one with the same id. */
  updated: number;
  /** Tools written, over all entries. */
  tools: number;
}

/** At most this many problems are listed; the rest are counted. */
const maxListedProblems = 20;

/** Where a record came from, for messages: `servers.json: record 12 (@x/y)`. */
interface Located<T> {
  where: string;
  value: T;
}

interface ToolFile {
  where: string;
  tools: ToolDefinition[];
  serverInfo: ServerInfo | null;
}

const serverInfoSchema = z
  .looseObject({
    name: z.string().min(1),
    version: z.string().min(1),
    title: z.string().optional(),
    description: z.string().optional(),
    websiteUrl: z.string().optional(),
    icons: z.array(z.looseObject({ src: z.string() })).optional(),
  })
  // Only ServerInfo's own fields: some captures put the initialize answer's `capabilities` here too.
  .transform(({ name, version, title, description, websiteUrl, icons }): ServerInfo => ({
    name,
    version,
    ...(title === undefined ? {} : { title }),
    ...(description === undefined ? {} : { description }),
    ...(websiteUrl === undefined ? {} : { websiteUrl }),
    ...(icons === undefined ? {} : { icons: icons as ServerInfo['icons'] }),
  }));

const toolIndexSchema = z.array(
  z.looseObject({
    qualifiedName: qualifiedNameSchema,
    file: z
      .string()
      .regex(/^[^/\\]+\.json$/, { error: 'must be a file name ending in .json, inside tools/' })
      .refine((file) => file !== 'index.json', 'must not be index.json itself'),
  }),
);

const toolFileSchema = z.looseObject({
  qualifiedName: qualifiedNameSchema,
  toolCount: z.int().nonnegative().optional(),
  tools: recordToolsSchema,
  source: z.looseObject({ serverInfo: serverInfoSchema.optional() }).optional(),
});

/**
 * Imports registry servers from a file (a JSON array of records, or `{ "servers": [...] }`) or
 * from a directory laid out like the public data set: `servers.json`, plus optionally
 * `tools/index.json` naming `tools/*.json` files whose `tools` (and `source.serverInfo`) attach to
 * the server with the same qualified name.
 *
 * All or nothing: every record is checked first, and any problem (a bad field, a qualified name
 * or id given twice, a name that belongs to another stored entry) imports nothing and throws one
 * `ApiError` listing up to 20 problems with their file and position. Entries with a known id are
 * replaced, so importing the same input twice leaves the same database.
 *
 * @example
 *   importRegistry(stores, '../shared/registry', { clock: systemClock }); // { read: 6470, created: 6443, updated: 27, tools: 704 }
 */
export function importRegistry(stores: Stores, path: string, options: { clock: Clock }): ImportCounts {
  const isDirectory = statOrThrow(path).isDirectory();
  if (isDirectory && !existsSync(join(path, 'servers.json'))) {
    throw apiError(
      'not_found',
      `${path}: has no servers.json; a registry directory holds servers.json, and optionally tools/index.json and tools/*.json`,
    );
  }
  const records = readRecords(isDirectory ? join(path, 'servers.json') : path, isDirectory ? 'servers.json' : basename(path));
  const problems: string[] = [];
  const toolFiles = isDirectory ? readToolFiles(path, problems) : new Map<string, ToolFile>();
  const parsed = checkRecords(records, toolFiles, problems);
  throwIfAny(path, problems);

  return stores.transaction(() => {
    const stored = stores.registry.listSummaries();
    const storedById = new Map(stored.map((summary) => [summary.id, summary]));
    const entries = parsed.map(({ where, value }) => {
      let entry = toRegistryEntry(value, { clock: options.clock, storedCreatedAt: (id) => storedById.get(id)?.createdAt });
      // A list item cannot say what a connection needs, nor its tools, resources or prompts: an
      // entry that exists keeps those (the demo catalog's config survives importing the data set).
      const kept = value.shape === 'list-item' && storedById.has(entry.id) ? stores.registry.get(entry.qualifiedName) : null;
      if (kept)
        entry = {
          ...entry,
          config: kept.config,
          resources: kept.resources,
          prompts: kept.prompts,
          security: kept.security,
          tools: kept.tools,
          serverInfo: kept.serverInfo,
        };
      const toolFile = toolFiles.get(nameKey(entry.qualifiedName));
      return { where, value: toolFile ? { ...entry, tools: toolFile.tools, serverInfo: toolFile.serverInfo ?? entry.serverInfo } : entry };
    });
    throwIfAny(path, findTakenNames(entries, stored), 'conflict');
    stores.registry.upsert(entries.map((entry) => entry.value));
    const created = entries.filter((entry) => !storedById.has(entry.value.id)).length;
    return {
      read: entries.length,
      created,
      updated: entries.length - created,
      tools: entries.reduce((sum, entry) => sum + entry.value.tools.length, 0),
    };
  });
}

/** Names are unique ignoring case and a leading `@` (a lookup accepts both spellings). */
function nameKey(qualifiedName: string): string {
  return qualifiedName.replace(/^@/, '').toLowerCase();
}

function statOrThrow(path: string) {
  try {
    return statSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw apiError('not_found', `${path}: no such file or directory; give a JSON file of servers or a directory with servers.json`);
    throw error;
  }
}

function readJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw apiError('not_found', `${file}: not found`);
    throw error;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw apiError('validation_error', `${file}: not valid JSON: ${(error as Error).message}`);
  }
  // An imported file is a door like a request body: nothing below may meet JSON past the policy.
  const breach = findJsonLimitBreach(value);
  if (breach) throw apiError('validation_error', `${file}: ${toBreachMessage(breach, 'file')}`);
  return value;
}

function readRecords(file: string, label: string): Located<unknown>[] {
  const json = readJson(file);
  const list = Array.isArray(json)
    ? json
    : typeof json === 'object' && json !== null && Array.isArray((json as { servers?: unknown }).servers)
      ? (json as { servers: unknown[] }).servers
      : null;
  if (list === null) throw apiError('validation_error', `${file}: must be a JSON array of server records, or an object {"servers": [...]}`);
  return list.map((value, index) => {
    const name =
      typeof value === 'object' && value !== null && typeof (value as { qualifiedName?: unknown }).qualifiedName === 'string'
        ? (value as { qualifiedName: string }).qualifiedName
        : null;
    return { where: `${label}: record ${index}${name === null ? '' : ` (${name})`}`, value };
  });
}

/** `tools/index.json` and the files it names, keyed by server name; what is wrong goes to `problems`. */
function readToolFiles(directory: string, problems: string[]): Map<string, ToolFile> {
  const files = new Map<string, ToolFile>();
  if (!existsSync(join(directory, 'tools'))) return files;
  const index = readJson(join(directory, 'tools', 'index.json'));
  const parsedIndex = toolIndexSchema.safeParse(index);
  if (!parsedIndex.success) {
    problems.push(`tools/index.json: ${toFieldMessage(parsedIndex.error.issues, index, 'index')}`);
    return files;
  }
  parsedIndex.data.forEach((item, position) => {
    const where = `tools/${item.file}`;
    const json = readJson(join(directory, 'tools', item.file));
    const parsed = toolFileSchema.safeParse(json);
    if (!parsed.success) return void problems.push(`${where}: ${toFieldMessage(parsed.error.issues, json, 'file')}`);
    const { qualifiedName, toolCount, tools, source } = parsed.data;
    if (nameKey(qualifiedName) !== nameKey(item.qualifiedName)) {
      return void problems.push(
        `${where}: qualifiedName is "${qualifiedName}", but tools/index.json entry ${position} says "${item.qualifiedName}"`,
      );
    }
    if (toolCount !== undefined && toolCount !== tools.length)
      return void problems.push(`${where}: toolCount says ${toolCount}, but tools has ${tools.length}`);
    const other = files.get(nameKey(qualifiedName));
    if (other)
      return void problems.push(
        `${where}: has the tools of "${qualifiedName}" again (already in ${other.where}); keep one file per server`,
      );
    files.set(nameKey(qualifiedName), { where, tools, serverInfo: source?.serverInfo ?? null });
  });
  return files;
}

/** Validates every record, then looks for names and ids given twice and tool files without their server. */
function checkRecords(
  records: readonly Located<unknown>[],
  toolFiles: ReadonlyMap<string, ToolFile>,
  problems: string[],
): Located<RegistryRecord>[] {
  const valid: Located<RegistryRecord>[] = [];
  const byName = new Map<string, string>();
  const byId = new Map<string, string>();
  const named = new Set<string>();
  for (const { where, value } of records) {
    const parsed = parseRegistryRecord(value);
    if (parsed.ok || parsed.qualifiedName !== null)
      named.add(nameKey(parsed.ok ? parsed.record.data.qualifiedName : parsed.qualifiedName!));
    if (!parsed.ok) {
      problems.push(`${where}: ${parsed.message}`);
      continue;
    }
    const { record } = parsed;
    const id = toRecordId(record);
    const first = byName.get(nameKey(record.data.qualifiedName)) ?? byId.get(id);
    if (first !== undefined) {
      const what = byName.has(nameKey(record.data.qualifiedName))
        ? 'qualifiedName (names are unique ignoring case and a leading @)'
        : `id ${id}`;
      problems.push(`${where}: repeats the ${what} of ${first}; keep one of them`);
      continue;
    }
    byName.set(nameKey(record.data.qualifiedName), where);
    byId.set(id, where);
    const toolFile = toolFiles.get(nameKey(record.data.qualifiedName));
    if (toolFile && record.shape !== 'list-item' && (record.data.tools?.length ?? 0) > 0) {
      problems.push(`${where}: has tools, and ${toolFile.where} gives them too; keep them in one place`);
      continue;
    }
    valid.push({ where, value: record });
  }
  for (const [key, toolFile] of toolFiles) {
    if (!named.has(key))
      problems.push(`${toolFile.where}: its server is not in servers.json; add the server or remove the file from tools/index.json`);
  }
  return valid;
}

/** An incoming name that a stored entry with another id already has (the registry keeps names unique ignoring case). */
function findTakenNames(entries: readonly Located<RegistryEntry>[], stored: readonly RegistrySummary[]): string[] {
  const storedByName = new Map(stored.map((summary) => [nameKey(summary.qualifiedName), summary]));
  return entries.flatMap(({ where, value }) => {
    const holder = storedByName.get(nameKey(value.qualifiedName));
    if (!holder || holder.id === value.id) return [];
    return [
      `${where}: the name is taken by the stored entry "${holder.qualifiedName}" (id ${holder.id}), but this record's id is ${value.id}; give the record id ${holder.id} to replace that entry, or another name`,
    ];
  });
}

function throwIfAny(path: string, problems: readonly string[], code: 'validation_error' | 'conflict' = 'validation_error'): void {
  if (problems.length === 0) return;
  const listed = problems.slice(0, maxListedProblems).map((problem) => `  ${problem}`);
  const more = problems.length > maxListedProblems ? [`  ... and ${problems.length - maxListedProblems} more`] : [];
  const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
  throw apiError(code, [`${path}: nothing imported, ${count}:`, ...listed, ...more].join('\n'));
}
