/**
 * The id formats of widely used services (`data/id-formats.json`, each read off the service's
 * public API reference), so a mock of a well-known service makes ids of its shape with no
 * configuration: a Stripe customer is `cus_…`, a Trello card 24 hex digits, a Jira issue `ABC-12`.
 * They are the last clue before a made-up `<type>_<n>`: the world's ids, the input schemas'
 * patterns and the descriptions' examples all come first (id-format.ts).
 */
import { readFileSync } from 'node:fs';
import { packagePath } from '../package-root.js';

interface ServiceIdFormats {
  service: string;
  /** Words that name the service in a server's qualified or display name (`gdrive`, `google-drive`). */
  names: string[];
  /** The service's API reference the patterns were read from. */
  source: string;
  /** Entity type → the whole id as a pattern; `*` for a type not listed. */
  ids: Record<string, string>;
  /** Entity type → the field its id is in, where that is not `id` (a Slack message is named by its `ts`). */
  idFields?: Record<string, string>;
  /** Entity type → the field that says what one is, where that is not `name` (a Shopify product's `title`). */
  labelFields?: Record<string, string>;
  /** Entity type → every field that names one record (GitLab's global `id` and per-project `iid`), read off `keysSource`. */
  keys?: Record<string, string[]>;
}

let loaded: ServiceIdFormats[] | undefined;
const noSpellings = (): readonly string[] => [];

function services(): ServiceIdFormats[] {
  loaded ??= (JSON.parse(readFileSync(packagePath('data', 'id-formats.json'), 'utf8')) as { services: ServiceIdFormats[] }).services;
  return loaded;
}

/**
 * The service a server is, by the words of its names, or null.
 *
 * @example
 *   findKnownService(['@stripe/mcp', 'Stripe']); // { service: 'stripe', … }
 *   findKnownService(['acme-tracker']); // null
 */
export function findKnownService(serverNames: readonly string[]): ServiceIdFormats | null {
  const texts = serverNames.map((name) => `-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-`);
  for (const service of services())
    if (service.names.some((name) => texts.some((text) => text.includes(`-${name.replace(/[^a-z0-9]+/g, '-')}-`)))) return service;
  return null;
}

/**
 * The pattern (anchored) of a new id of `type` on the server the names name, or null when the
 * service is not known. A type the service's list does not name takes the service's usual id.
 *
 * `spellings` gives the type's longer names as the tools spell them (type-spellings.ts), looked up first;
 * a type the list does not name is looked up by its head noun (`workflow_execution` as `execution`).
 *
 * @example
 *   knownIdPattern(['@stripe/mcp'], 'customer'); // '^cus_[A-Za-z0-9]{14}$'
 */
export function knownIdPattern(
  serverNames: readonly string[],
  type: string,
  spellings: () => readonly string[] = noSpellings,
): string | null {
  const service = findKnownService(serverNames);
  if (!service) return null;
  // The tools' own longer spelling first: Twilio's `ConversationMessage` is an IM…, its SMS `message` an SM….
  // Then the type, then its head noun with fewer owners in front: n8n's `workflow_execution` is an `execution`.
  const spelled = [...spellings(), ...headNouns(type)].find((name) => Object.hasOwn(service.ids, name));
  const pattern = (spelled === undefined ? undefined : service.ids[spelled]) ?? service.ids['*'];
  return pattern === undefined ? null : `^(?:${pattern})$`;
}

/** The type and the shorter names its last words make, longest first: `workflow_execution`, `execution`. */
function headNouns(type: string): string[] {
  const words = type.split('_');
  return words.map((_, start) => words.slice(start).join('_'));
}

/**
 * The field a known service keeps a type's id in, where it is not `id`, or null.
 *
 * @example
 *   knownIdField(['@modelcontextprotocol/server-slack'], 'message'); // 'ts'
 */
export function knownIdField(serverNames: readonly string[], type: string): string | null {
  const fields = findKnownService(serverNames)?.idFields;
  return fields && Object.hasOwn(fields, type) ? fields[type]! : null;
}

/**
 * The field a known service names a type by, where it is not `name`, or null.
 *
 * @example
 *   knownLabelField(['shopify-mcp'], 'product'); // 'title'
 */
export function knownLabelField(serverNames: readonly string[], type: string): string | null {
  const fields = findKnownService(serverNames)?.labelFields;
  return fields && Object.hasOwn(fields, type) ? fields[type]! : null;
}

/**
 * The fields a known service names a type's records by (its id and other keys), or none.
 *
 * @example
 *   knownOtherKeys(['@zereight/mcp-gitlab'], 'issue'); // ['id', 'iid']
 */
export function knownOtherKeys(serverNames: readonly string[], type: string): readonly string[] {
  const keys = findKnownService(serverNames)?.keys;
  return keys && Object.hasOwn(keys, type) ? keys[type]! : [];
}
