/**
 * The one way the reading takes an id suffix off an argument's name: `dashboard_uid` names a
 * dashboard, `projectId` a project, `repo_slug` a repository, `hostName` a host. An argument named
 * `<noun>_<key word>` names a record of that noun by one of its keys (Google's API design guide: a
 * reference field is the referenced resource's noun and `_id`, `_name` or `_key`), so every rule that
 * asks which noun an argument names (aspect-owner.ts, described-qualifier.ts, described-tail.ts,
 * choice-ids.ts) reads the same suffixes the same way. Pure.
 */
import { toFullWord, toSingular, toWords } from './entity-words.js';

/**
 * Last words that make an argument a key of the noun before them: a service's own ids (`id`, `uuid`,
 * GitLab's `iid`, Grafana's `uid`, Shopify's `gid`), a number, and the natural keys (`key`, `name`,
 * `slug`). Not `path`: `file_path`, `config_path` more often locate a thing than name a record of the
 * noun (measured: reading it as a key took one entity of the tuning table, issue 36).
 */
const idSuffixWords: ReadonlySet<string> = new Set(['id', 'uid', 'iid', 'gid', 'uuid', 'key', 'name', 'slug', 'number']);

/** Whether a word is a key word an argument's name may end in (`id`, `uid`, `key`, `name`, `slug`, …). */
export function isIdSuffix(word: string): boolean {
  return idSuffixWords.has(word);
}

/** An argument's noun and its id suffix. */
export interface IdStem {
  /** The words before the suffix, singular, short forms spelled out, joined by `_` (`repository` of `repo_slug`). */
  name: string;
  /** The suffix (`slug`), or null where the argument has none or is the suffix alone (`id`, `position`). */
  suffix: string | null;
}

/**
 * @example
 *   toIdStem('dashboard_uid'); // { name: 'dashboard', suffix: 'uid' }
 *   toIdStem('repoSlug');      // { name: 'repository', suffix: 'slug' }
 *   toIdStem('file_path');     // { name: 'file_path', suffix: null }
 */
export function toIdStem(argument: string): IdStem {
  const words = toWords(argument).map((word) => toFullWord(toSingular(word)));
  const last = words.at(-1) ?? '';
  return words.length > 1 && idSuffixWords.has(last)
    ? { name: words.slice(0, -1).join('_'), suffix: last }
    : { name: words.join('_'), suffix: null };
}
