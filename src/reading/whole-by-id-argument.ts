/**
 * The whole a tool reads a part of, found by its id argument: `get_commit_diff(project_id, sha)`
 * reads the diff of the commit `get_commit(sha)` reads, and `get_unsubscribe_info(uid)` "Get the
 * List-Unsubscribe header from an email" a part of the email `get_email(uid)` reads. The argument
 * is the part's parent when another entity's strict read, update or delete takes it as its own id
 * and the tool's name or description names that entity; an id spelled as the entity's name
 * (`pull_request_id`) is read by tool-parents.ts itself. Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import type { ToolShape } from './tool-shape.js';
import { toSingular, toWords } from './entity-words.js';

/** Bare names many entities take as their own id (Twilio's `sid`, a string identifier, too): they say nothing about which whole. */
const sharedNames = new Set(['id', 'sid', 'name', 'path', 'key', 'url', 'uri', 'slug', 'title']);

/**
 * The entity whose id the argument is, when the tool names that entity, else undefined.
 *
 * @example
 *   findWholeByIdArgument(getCommitDiff, 'sha', [getCommitShape]); // the `commit` shape
 */
export function findWholeByIdArgument(tool: ToolDefinition, argument: string, namers: readonly ToolShape[]): ToolShape | undefined {
  if (sharedNames.has(argument.toLowerCase())) return undefined;
  // The entity most tools take it as its id (`uid` of four email tools, one attachment and one thread read); a tie names none.
  const counts = new Map<string, number>();
  for (const candidate of namers)
    if (candidate.idArgument === argument) counts.set(candidate.entity, (counts.get(candidate.entity) ?? 0) + 1);
  const ranked = [...counts].sort((left, right) => right[1] - left[1]);
  if (ranked.length === 0 || (ranked.length > 1 && ranked[1]![1] === ranked[0]![1])) return undefined;
  const owner = ranked[0]![0];
  const said = new Set([...toWords(tool.name), ...toWords(tool.description ?? '')].map((word) => toSingular(word)));
  return owner.split('_').every((word) => said.has(word)) ? namers.find((candidate) => candidate.entity === owner) : undefined;
}
