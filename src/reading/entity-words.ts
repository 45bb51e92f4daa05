/**
 * The words of tool and argument names, as the operation inference reads them: split at
 * separators and camelCase, lower-cased, nouns made singular. Pure and small on purpose: tool
 * names use a tiny part of English.
 */

/** Irregular or ambiguous plurals that the suffix rules below would get wrong. */
const irregular: Record<string, string> = {
  people: 'person',
  children: 'child',
  men: 'man',
  women: 'woman',
  indices: 'index',
  indexes: 'index',
  aliases: 'alias',
  analyses: 'analysis',
  responses: 'response',
  databases: 'database',
  bases: 'base',
  cases: 'case',
  releases: 'release',
  licenses: 'license',
  courses: 'course',
  purchases: 'purchase',
  phases: 'phase',
  leases: 'lease',
  uses: 'use',
  caches: 'cache',
  niches: 'niche',
  movies: 'movie',
  cookies: 'cookie',
  quizzes: 'quiz',
  metrics: 'metric',
  statuses: 'status',
  bonuses: 'bonus',
  viruses: 'virus',
};

/** Words in -ics that name a field of study or a whole, with no singular (`topics` and `epics` do have one). */
const wholesInIcs = new Set([
  'analytics',
  'diagnostics',
  'statistics',
  'physics',
  'economics',
  'graphics',
  'logistics',
  'semantics',
  'ethics',
  'dynamics',
  'heuristics',
  'forensics',
  'robotics',
]);

/** Words that end in s but are singular (or have no singular), left as they are. */
const uncountable = new Set([
  'data',
  'media',
  'metadata',
  'news',
  'series',
  'species',
  'status',
  'analytics',
  'access',
  'details',
  'info',
  'dns',
  'sms',
  'os',
  'https',
  'always',
  'was',
  'has',
  'is',
  'this',
  'canvas',
  'alias',
  'bus',
  'gas',
  'plus',
  'stats',
  'diagnostics',
  'process',
  'address',
  'class',
  'business',
  'progress',
  'success',
  'redis',
  'kubernetes',
  'postgres',
  'aws',
  'gis',
]);

/**
 * The words of a name: split at `_ - . / : spaces` and camelCase boundaries, lower-cased.
 *
 * @example
 *   toWords('pull_request_read'); // ['pull', 'request', 'read']
 *   toWords('API-get-self');      // ['api', 'get', 'self']
 *   toWords('pullNumber');        // ['pull', 'number']
 *   toWords('getOAuthToken');     // ['get', 'oauth', 'token']
 */
export function toWords(name: string): string[] {
  return (
    name
      // `PRs`, `IDs`, `URLs`: a plural acronym is one word, not `p` and `rs`.
      .replace(/([A-Z]{2,})s(?![a-z])/g, (_match, acronym: string) => `${acronym.charAt(0)}${acronym.slice(1).toLowerCase()}s`)
      // `OAuth`, `GraphQL`, `PromQL`: names written in mixed case are one word, not `o auth` and `graph ql`.
      .replace(/OAuth|[A-Z][a-z]+QL(?![a-z])/g, (word) => `${word.charAt(0)}${word.slice(1).toLowerCase()}`)
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
      .split(/[^A-Za-z0-9]+/)
      .filter((word) => word.length > 0)
      .map((word) => word.toLowerCase())
  );
}

/**
 * The singular of a noun as tool names use it.
 *
 * @example
 *   toSingular('repositories'); // 'repository'
 *   toSingular('branches');     // 'branch'
 *   toSingular('status');       // 'status'
 */
export function toSingular(word: string): string {
  const known = irregular[word];
  if (known) return known;
  if (word.length <= 3 || uncountable.has(word) || wholesInIcs.has(word) || /(ss|us|is)$/.test(word)) return word;
  if (/ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(xes|ches|shes|zzes|sses)$/.test(word)) return word.slice(0, -2);
  if (/s$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Whether an entity type is a git commit (`commit`, `repo_commit`): its id is a sha, its label a message. */
export function isCommitType(type: string): boolean {
  return /(^|_)commit$/.test(type);
}

/** Whether a noun is plural (its singular differs). */
export function isPlural(word: string): boolean {
  return toSingular(word) !== word;
}

/**
 * The plural of a singular noun, for naming lists in results.
 *
 * @example
 *   toPlural('issue');      // 'issues'
 *   toPlural('repository'); // 'repositories'
 */
export function toPlural(word: string): string {
  for (const [plural, singular] of Object.entries(irregular)) if (singular === word) return plural;
  if (uncountable.has(word)) return word;
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

/** Short forms in argument names and the words they stand for (`app_id` names an application). */
const abbreviations: Record<string, string> = {
  app: 'application',
  repo: 'repository',
  org: 'organization',
  db: 'database',
  msg: 'message',
  doc: 'document',
  env: 'environment',
  config: 'configuration',
  dir: 'directory',
  ws: 'workspace',
  proj: 'project',
  desc: 'description',
};

/**
 * A word with its usual short form spelled out, so `app_id` and `application` meet.
 *
 * @example
 *   toFullWord('repo'); // 'repository'
 */
export function toFullWord(word: string): string {
  return abbreviations[word] ?? word;
}

/** Short forms that stand for an entity in tool names (`get_doc`, `list_repo_packages`); `app` and `config` name things of their own. */
const entityAbbreviations = new Set(['repo', 'org', 'doc', 'db', 'msg', 'env']);

/**
 * An entity word with its short form spelled out, as services name the type (`doc` is a document).
 *
 * @example
 *   toFullEntityWord('doc'); // 'document'
 *   toFullEntityWord('app'); // 'app'
 */
export function toFullEntityWord(word: string): string {
  return entityAbbreviations.has(word) ? toFullWord(word) : word;
}

/** Nouns for a part or a view of an entity (`get_document_content` reads a document), never the entity after another noun. */
const aspectWords = new Set(['content', 'metadata', 'cover', 'thumbnail', 'raw', 'markdown', 'preview', 'name', 'names', 'tool']);

/** Aspects that, after the verb, services also make types of their own (`inventory_properties`, `branching_model_settings`). */
const ownAspectWords = new Set(['property', 'properties', 'setting', 'settings']);

/**
 * Whether a word names a part or a view of an entity (`content`, `settings`), not a thing of its
 * own; `properties` and `settings` only where the name puts the entity before its verb (`components_get_properties`):
 * after the verb the service often names a type of its own (`get_inventory_properties`).
 */
export function isAspectWord(word: string, beforeVerb = false): boolean {
  return aspectWords.has(word) || (beforeVerb && ownAspectWords.has(word));
}
/**
 * Adjectives that pick some of an entity's kind (`get_active_cycle` reads a cycle), not a kind of their own: `total`
 * (`get_total_worklogs` sums worklogs), `native` (a native query is a query written in the database's own language).
 */
const qualifierWords = new Set([
  'active',
  'recent',
  'effective',
  'managed',
  'local',
  'top',
  'upcoming',
  'latest',
  'pending',
  'other',
  'supported',
  'available',
  'total',
  'native',
]);

/**
 * Adjectives that follow the entity to say how the tool acts on it (`write_object_safe`, `create_item_live`), never a kind;
 * and the ones that say how much or how cleverly it reads (`suggest_domains_smart`, `get_bucket_full_info`, `hl_advanced`).
 */
const trailingQualifierWords = new Set([
  ...['safe', 'live', 'static', 'default', 'active', 'upcoming', 'recent', 'latest', 'pending'],
  ...['smart', 'full', 'advanced', 'enhanced'],
]);

/**
 * A past participle before a noun picks some of the noun's kind (`saved_card`, `changed_file`,
 * `registered_script`, five letters too: `saved`, `owned`, `liked`); `-eed` words are nouns
 * (`feed`, `speed`), and so are `embed` and `shred`.
 */
const participle = { test: (word: string) => /^[a-z]{2,}[^e]ed$/.test(word) && !edNouns.has(word) };
const edNouns = new Set(['embed', 'shred']);

/**
 * Whether a word only qualifies the entity next to it (`active`, `upcoming`, `saved`, `detailed`):
 * a name whose words after the verb are all such words acts on the entity before the verb
 * (`iterations_get_active` reads iterations).
 */
export function isQualifierWord(word: string): boolean {
  return qualifierWords.has(word) || trailingQualifierWords.has(word) || participle.test(word);
}

/**
 * Whether a leading word picks some of the next noun's kind only where the service has no type of
 * that name: `shared_drive` read by one tool is a drive, while `protected_branch` that several tools
 * list and read is a kind of its own (`default` too: `default_reviewer`).
 */
export function isNamingQualifier(word: string): boolean {
  return word === 'default' || participle.test(word);
}

/** Nouns for a value computed of a thing, never a thing a service keeps by itself (measure-owner.ts, owned-entity.ts). */
export const measureWords: ReadonlySet<string> = new Set(['metric', 'statistic', 'total', 'trend', 'size', 'count']);

/** Qualifiers that pick one of the entity's kind: `workflows_get_default` reads one workflow. */
export function picksOne(word: string): boolean {
  return word === 'default' || word === 'latest';
}

/**
 * The entity's words without the aspect that follows it and the qualifiers around it, as long as a
 * noun is left: `chapter content markdown` is a chapter, `active board` a board, `object safe` an
 * object.
 *
 * @example
 *   withoutAspects(['book', 'metadata']);  // ['book']
 *   withoutAspects(['pending', 'comment']); // ['comment']
 *   withoutAspects(['card', 'saved']);      // ['card']
 *   withoutAspects(['health', 'detailed']); // ['health']
 *   withoutAspects(['content']);            // ['content']
 */
export function withoutAspects(words: readonly string[]): string[] {
  const kept = [...words];
  const isTrailing = (word: string) => aspectWords.has(word) || trailingQualifierWords.has(word) || participle.test(word);
  while (kept.length > 1 && isTrailing(kept[kept.length - 1]!)) kept.pop();
  while (kept.length > 1 && qualifierWords.has(kept[0]!)) kept.shift();
  return kept;
}
