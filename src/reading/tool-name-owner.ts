/**
 * The owner a tool's own name says, named by an argument: `list_document_notes(id)` lists the notes
 * of document `id`, `list_org_packages(org)` the packages of organization `org`,
 * `list_user_packages(username)` those of user `username`. Read by tool-parents.ts. Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import type { ToolShape } from './tool-shape.js';
import { toNormalName } from '../domain/world-query.js';
import { toFullEntityWord, toFullWord, toSingular, toWords } from './entity-words.js';

/** Endings that make an argument a natural key of what its stem names: `username`, `org_slug`, `team_key`. */
const keyEndings = ['name', 'slug', 'key', 'login', 'handle', 'id'];

/**
 * The entity a bare `id` names on a tool that lists, creates or reads something under it: another
 * entity in the tool's name (`list_document_notes(id)`, `companies_contacts(id)` the contacts of a company).
 */
export function namedOwner(toolName: string, shape: ToolShape, collections: ReadonlyMap<string, ToolShape>): ToolShape | undefined {
  const own = toNormalName(toSingular(shape.entity.split('_').at(-1)!));
  for (const word of toWords(toolName)) {
    const key = toNormalName(toFullWord(toSingular(word)));
    if (key !== own && collections.has(key)) return collections.get(key);
  }
  return undefined;
}

/** An argument that names the owner its tool's name says, and that owner's entity word. */
export interface NameOwner {
  argument: string;
  entity: string;
}

/**
 * The arguments of a list, search or create that spell a noun of the tool's name other than its
 * entity's head (`org` of `list_org_packages`, `username` of `list_user_packages`), in arguments no other
 * rule read (`found`): the owner the tool lists or makes under, a natural key of a kind the server
 * may have no tools for.
 *
 * @example
 *   toNameOwners(listOrgPackages, shapes.get('list_org_packages')!, []); // [{ argument: 'org', entity: 'organization' }]
 */
export function toNameOwners(tool: ToolDefinition, shape: ToolShape, found: readonly { argument: string }[]): NameOwner[] {
  if (!['list', 'search', 'create'].includes(shape.operation)) return [];
  // The entity's head word is its own; a word before it (`organization` of `organization_package`) is a scope, an owner.
  const own = toFullEntityWord(toSingular(shape.entity.split('_').at(-1)!));
  const named = toWords(tool.name)
    .map((word) => toFullEntityWord(toSingular(word)))
    .filter((word) => word !== own);
  const owners: NameOwner[] = [];
  for (const [argument, schema] of Object.entries(tool.inputSchema.properties ?? {})) {
    const type = (schema as { type?: unknown } | null)?.type;
    if (
      argument === shape.idArgument ||
      found.some((reference) => reference.argument === argument) ||
      (type !== 'string' && type !== 'integer')
    )
      continue;
    const words = toWords(argument);
    const last = words.at(-1)!;
    const ending =
      keyEndings.find((end) => last !== end && last.endsWith(end)) ?? (words.length > 1 && keyEndings.includes(last) ? last : '');
    const stem = [...words.slice(0, -1), last.slice(0, last.length - ending.length)].filter((word) => word !== '');
    const noun = stem.map((word) => toFullEntityWord(toSingular(word))).join('_');
    if (stem.length === 1 && named.includes(noun)) owners.push({ argument, entity: noun });
  }
  return owners;
}
