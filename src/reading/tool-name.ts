/**
 * What a tool's name says: its verb and the words of the entity it acts on. Part of the
 * operation inference (`tool-operation.ts`).
 */
import {
  isAspectWord,
  isPlural,
  isQualifierWord,
  picksOne,
  toFullEntityWord,
  toSingular,
  toWords,
  withoutAspects,
} from './entity-words.js';
import type { ToolDefinition } from '../domain/registry.js';
import { nounCompounds, nounLikeVerbs, noiseWords, toVerbMeaning, type VerbMeaning } from './tool-verbs.js';
import { isUnlistedVerb } from './unlisted-verbs.js';

/** Words that put what follows them as the object of a preposition, not of the name's act. */
const prepositions = new Set(['to', 'from', 'for', 'with', 'on', 'in', 'into', 'onto', 'by', 'of']);

export interface ParsedName {
  /** The name's verb, or null when it has none (`echo`, `directory_tree`). */
  meaning: VerbMeaning | null;
  /** The verb word itself (`add`, `close`), or null. */
  verb: string | null;
  /** The entity's words, the last one made singular; `['item']` when the name has no noun. */
  entityWords: string[];
  /** The noun was plural (`get_users`): a read of many. */
  plural: boolean;
}

/**
 * HTTP-style verbs that give way to a more telling verb right after them (`API-post-search`), when
 * that verb does what the HTTP verb could: `get_book` reads a book, it does not book one.
 */
const weakVerbs: ReadonlyMap<string, readonly string[]> = new Map([
  ['post', ['create', 'search', 'update', 'delete', 'read', 'list']],
  ['get', ['read', 'list', 'search']],
  ['put', ['update', 'create']],
  ['patch', ['update']],
]);

/**
 * A word at least half of a server's tools (two or more) start with, e.g. `browser` or `linear`,
 * which says nothing about what each tool does; never a verb.
 *
 * @example
 *   toCommonPrefix([{ name: 'linear_create_issue' }, { name: 'linear_search_issues' }]); // 'linear'
 */
export function toCommonPrefix(tools: readonly Pick<ToolDefinition, 'name'>[]): string | null {
  const counts = new Map<string, number>();
  // How often a first word is followed by a verb: `ls_get_store`, `ls_list_orders` (Lemon Squeezy's `ls`) is the server's
  // prefix, though `ls` alone would be a verb; `list_issues`, `list_users` keep `list` as their verb.
  const beforeVerbs = new Map<string, number>();
  for (const tool of tools) {
    const words = toWords(tool.name);
    // `Deal.Create`: a first word with only a verb after it is the entity the verb acts on, no prefix.
    const entityFirst = words.length === 2 && toVerbMeaning(words[1]!) !== undefined;
    if (words.length > 1 && !entityFirst) counts.set(words[0]!, (counts.get(words[0]!) ?? 0) + 1);
    if (words.length > 2 && toVerbMeaning(words[1]!) !== undefined) beforeVerbs.set(words[0]!, (beforeVerbs.get(words[0]!) ?? 0) + 1);
  }
  const isPrefixWord = (word: string, count: number) => !toVerbMeaning(word) || (beforeVerbs.get(word) ?? 0) * 2 > count;
  let best: string | null = null;
  for (const [word, count] of counts) {
    if (count >= 2 && count * 2 >= tools.length && isPrefixWord(word, count) && (best === null || count > counts.get(best)!)) best = word;
  }
  return best;
}

/**
 * Reads a tool name: the first verb (`create_or_update` is an upsert; `post_search` is a search),
 * and the entity from the words after it, else the words before it (`issue_read`,
 * `firecrawl_monitor_create`), without noise words and the server's common prefix.
 *
 * @example
 *   parseToolName('create_or_update_file', null); // { meaning: { operation: 'update', upsert: true }, verb: 'create', entityWords: ['file'], plural: false }
 *   parseToolName('get_users', null).plural;      // true
 */
export function parseToolName(
  name: string,
  prefix: string | null,
  serviceWords: ReadonlySet<string> = noWords,
  serverNouns: ReadonlySet<string> = noWords,
): ParsedName {
  let words = toWords(name);
  // `pods_exec`, `session_init`: a prefix before only an unlisted verb (unlisted-verbs.ts) is what the verb acts on.
  if (prefix !== null && words[0] === prefix && words.length > 1 && !(words.length === 2 && isUnlistedVerb(words[1]!)))
    words = words.slice(1);
  // `hire_v1_job_list`, `compute_v2beta_instances_get`: the API's version names no thing the tool acts on.
  if (words.length > 1 && words.some((word) => apiVersionWord.test(word))) words = words.filter((word) => !apiVersionWord.test(word));
  // `get_query`, `run_query` beside `create_query`: a word the server's writes name as their entity is a noun after the name's
  // first word (server-nouns.ts); a name still opens on its verb (`post_message` beside `create_post`).
  const isVerb = (word: string, index = 0) => toVerbMeaning(word) !== undefined && !(index > 0 && serverNouns.has(word));
  const start = words.findIndex(
    (word, index) =>
      isVerb(word, index) &&
      !(
        nounLikeVerbs.has(word) &&
        (words.slice(index + 1).some((later, offset) => isVerb(later, index + 1 + offset) && !nounLikeVerbs.has(later)) ||
          // `repo_pull_request_thread`: one that heads a compound noun names the thing (tool-verbs.ts); after a preposition
          // (`…_to_pull_request`) the compound is what the act goes to, and the name's own verb is read as before.
          (index > 0 &&
            nounCompounds.has(`${words[index - 1]!}_${word}`) &&
            !words.slice(0, index - 1).some((earlier) => prepositions.has(earlier))))
      ),
  );
  // With no verb, a word such as `to` may stand between an unknown verb and its object (`attach_tag_to_bookmark`).
  if (start === -1) return { meaning: null, verb: null, ...toEntityWords(words, noWords, false) };
  let meaning = toVerbMeaning(words[start]!)!;
  const verb = words[start]!;
  let after = words.slice(start + 1);
  const next = after[0] === 'or' ? after[1] : after[0];
  // `put_record`, `get_build`: a verb that is a noun as often (`nounLikeVerbs`) is the weak verb's object, never a verb it gives way to.
  const nextMeaning = next === undefined || serverNouns.has(next) ? undefined : toVerbMeaning(next);
  if (after[0] === 'or' && nextMeaning) {
    // create_or_update_file: an update that creates what it does not find.
    meaning = { operation: 'update', upsert: true };
    after = after.slice(2);
  } else if (nextMeaning && weakVerbs.get(verb)?.includes(nextMeaning.operation) && !isNounList(after) && !nounLikeVerbs.has(next!)) {
    meaning = nextMeaning;
    after = after.slice(1);
  }
  const before = words.slice(0, start);
  // `mark_detection_fixed`, `mark_as_read`: the word after the entity is the state the mark sets;
  // `deals.markWon`, `invoice-mark-paid`: with the entity before the verb, the word after it.
  const state = verb === 'mark' && (after.length > 1 || (after.length === 1 && before.length > 0)) ? after[after.length - 1]! : null;
  if (state !== null && stateWord.test(state)) {
    meaning = { operation: 'update', sets: { state } };
    after = after.slice(0, -1).filter((word) => word !== 'as');
  }
  // `reply_to_thread` makes a reply in a thread, not a thread.
  if (verb === 'reply' && after[0] === 'to') return { meaning, verb, entityWords: [verb], plural: false };
  const meaningful = after.filter((word) => !noiseWords.has(word));
  // `stories_get_by_id`, `pages_get_using_slug`: words after the verb that start with a scope say how, not what.
  const how = after.length > 0 && scopeWords.has(after[0]!) && before.some((word) => !adverbWords.has(word));
  // `components_get_content`, `pages_update_settings`: an aspect after the verb is the aspect of the entity before it,
  // and a qualifier there picks some of it (`iterations_get_active`, `workflows_get_default`).
  const isOf = (word: string) => isAspectWord(word, true) || isQualifierWord(word);
  const aspectOf = meaningful.length > 0 && meaningful.every(isOf) && before.some((word) => !noiseWords.has(word));
  const entityFirst = [...before, ...meaningful.filter((word) => !isOf(word))];
  const parsed = toEntityWords(aspectOf ? entityFirst : meaningful.length > 0 && !how ? after : before, serviceWords);
  // `stories_get_by_id` reads one story: the scope names one of them, so the plural names the collection.
  if (how && !isPlural(after[after.length - 1]!)) parsed.plural = false;
  if (aspectOf && meaningful.some(picksOne)) parsed.plural = false;
  // `get_all_manual_crypto`, `fetch_all_synced_crypto`: a read of `all` of a noun that has no plural form reads many.
  const every = meaning.operation === 'read' && after[0] === 'all' && !aspectOf && !how;
  // `get_channel_history`, `get_queue` read many: a history, a feed or a queue is a list of what was posted or waits.
  const collective = collectiveNouns.has(parsed.entityWords[parsed.entityWords.length - 1]!);
  return { meaning, verb, ...parsed, plural: parsed.plural || every || collective };
}

/**
 * A state a `mark` verb sets: a past participle (`fixed`, `resolved`, and the irregular ones deals,
 * orders and messages take: `won`, `paid`, `sent`) or one of the states mail and tasks have.
 */
const stateWord =
  /^([a-z]+ed|won|lost|paid|unpaid|sent|unsent|sold|held|hidden|shown|read|unread|done|spam|complete|seen|unseen|important|open)$/;
/** Nouns that name a list of what was posted to something, or of what waits in it (a queue, an inbox, a backlog). */
export const collectiveNouns: ReadonlySet<string> = new Set(['history', 'feed', 'timeline', 'activity', 'queue', 'inbox', 'backlog']);

const noWords: ReadonlySet<string> = new Set();

/** An API's version as REST paths and API packages write it (`v1`, `v2beta1`, `v1alpha`): never a resource's name (Google AIP-185). */
const apiVersionWord = /^v\d+(?:(?:alpha|beta)\d*)?$/;
/**
 * Words after which the name says whose or where (`list_assignments_for_user`,
 * `issues_in_projects`, `members_of_team`): the scope, a filter, not the entity; after `as` the form of the answer
 * (`export_node_as_image`); after `per` and `across` how a figure is grouped (`sessions_per_browser`,
 * `flag_status_across_environments` count sessions and read a flag's status).
 */
const scopeWords = new Set(['for', 'by', 'of', 'from', 'in', 'on', 'to', 'using', 'with', 'as', 'per', 'across']);
/** The scope words that follow the object of a verb (`add X to Y`): in a name without a known verb, they may follow the verb's object instead. */
const unknownVerbScopes = new Set(['to', 'on', 'using', 'with']);

/** Nouns that name the listing of the plural noun before them (`projects_list`), where a singular one before them may name a kind (`todo_list`). */
const listingNouns = new Set(['list', 'collection']);

/** Words before a verb that say how it acts, not on what (`bulk_delete_by_sender`). */
const adverbWords = new Set(['bulk']);

/** `get_list`, `get_list_details`: a `list` after a weak verb with no other noun is the noun, a list the service keeps. */
function isNounList(after: readonly string[]): boolean {
  return after[0] === 'list' && after.slice(1).every((word) => noiseWords.has(word));
}

function toEntityWords(
  words: readonly string[],
  serviceWords: ReadonlySet<string> = noWords,
  afterVerb = true,
): { entityWords: string[]; plural: boolean } {
  const scope = words.findIndex((word, index) => index > 0 && scopeWords.has(word) && (afterVerb || !unknownVerbScopes.has(word)));
  const scoped = scope > 0 ? words.slice(0, scope) : words;
  const own = scoped.filter((word) => !noiseWords.has(word) && !adverbWords.has(word) && !/^\d+$/.test(word));
  // `search_my_sonarqube_projects`: the service's own name says nothing about the entity.
  const withoutService = own.filter((word) => !isServiceWord(word, serviceWords));
  // `repo_repository`: a word said twice, short and spelled out, names one thing once.
  const kept = withoutAspects(withoutService.length > 0 ? withoutService : own)
    .map(toFullEntityWord)
    .filter((word, index, all) => index === 0 || toSingular(word) !== toSingular(all[index - 1]!));
  if (kept.length === 0) return { entityWords: ['item'], plural: false };
  // `find_component_id`: the ids of components are components.
  if (kept.length > 1 && (kept[kept.length - 1] === 'id' || kept[kept.length - 1] === 'ids')) {
    const ids = kept.pop() === 'ids';
    const word = kept[kept.length - 1]!;
    return { entityWords: [...kept.slice(0, -1), toSingular(word)], plural: ids || isPlural(word) };
  }
  // `get_projects_list`, `tasks_collection`: `list` or `collection` after a plural noun names the listing of those things, not a thing.
  if (kept.length > 1 && listingNouns.has(kept[kept.length - 1]!) && isPlural(kept[kept.length - 2]!)) {
    kept.pop();
    return { entityWords: [...kept.slice(0, -1), toSingular(kept[kept.length - 1]!)], plural: true };
  }
  const last = kept[kept.length - 1]!;
  // `expenses_default` is the one default expense.
  const one = kept.length < scoped.length && picksOne(scoped[scoped.length - 1]!);
  return { entityWords: [...kept.slice(0, -1), toSingular(last)], plural: isPlural(last) && !one };
}

/**
 * A service word, or the start of one of five letters or more (`sonar` of `sonarqube`,
 * `google` of `googledrive`): tool names often shorten the service's name.
 */
function isServiceWord(word: string, serviceWords: ReadonlySet<string>): boolean {
  if (serviceWords.has(word)) return true;
  if (word.length < 5) return false;
  for (const service of serviceWords) if (service.length > word.length && service.startsWith(word)) return true;
  return false;
}

/** Words that name no service however it is called: its name's generic parts. */
const genericServiceWords = new Set(['mcp', 'server', 'servers', 'api', 'official', 'app', 'tools', 'tool', 'cloud', 'the']);

/**
 * The words that name a service, from its qualified name and display name, which a tool name may
 * repeat (`search_my_sonarqube_projects`, `change_sonar_issue_status`): each scope and package
 * name, and the display name: each whole and its first word (never its later words: `source` of
 * `SonarSource` may well be an entity).
 *
 * @example
 *   toServiceWords(['@SonarSource/sonarqube-mcp-server', 'SonarQube']); // Set { 'sonarsource', 'sonar', 'sonarqube' }
 */
export function toServiceWords(names: readonly string[]): Set<string> {
  const found = new Set<string>();
  for (const name of names) {
    for (const part of name.split(/[@/]+/).filter(Boolean)) {
      const words = toWords(part).filter((word) => !genericServiceWords.has(word));
      if (words.length === 0) continue;
      found.add(words.join(''));
      found.add(words[0]!);
    }
  }
  return found;
}

/**
 * `issue_comment` → `comment` when `issue` is another tool's entity (the comment belongs to an
 * issue); `pull_request` stays whole.
 *
 * @example
 *   dropOtherEntity(['issue', 'comment'], new Set(['issue', 'issue_comment'])); // ['comment']
 */
export function dropOtherEntity(words: readonly string[], entities: ReadonlySet<string>): string[] {
  for (let cut = words.length - 1; cut >= 1; cut--) {
    if (entities.has(words.slice(0, cut).join('_'))) return words.slice(cut);
  }
  return [...words];
}
