/**
 * A dispatching tool's choice whose value is no verb (`bootstrap`, `mkdir`, `rules`) read from the
 * gloss its description gives it: "Actions: list, get, bootstrap (create workspace and initialize)",
 * "operation: mkdir (create directory)", "action: rules = list detection rules". A value named for a
 * service's own jargon or for a noun says nothing of what it does; the few words the author writes
 * beside it to explain it open, as an imperative does, with the verb (create, list, search, get).
 * Only a gloss that opens with a verb the tables know is read; "ticker (real-time prices)" names
 * what comes back, not what is done, and stays unread. Pure.
 */
import { parseToolName, type ParsedName } from './tool-name.js';
import { nounLikeVerbs } from './tool-verbs.js';
import { choiceText } from './choice-text.js';

/** Words that end a gloss's verb phrase: what follows says how or with what, not what is acted on. */
const phraseEnds = new Set(['and', 'or', 'with', 'by', 'for', 'from', 'in', 'into', 'on', 'to', 'of', 'via', 'using', 'then', 'if']);

function escaped(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The words a description writes beside a choice's value to say what it does, or null: in
 * parentheses after the bare value (`bootstrap (create workspace and initialize)`), or after `=`,
 * `:` or a dash (`rules=list detection rules`, "`mkdir` — create a directory").
 *
 * @example
 *   choiceGloss('Actions: list, get, bootstrap (create workspace and initialize).', 'bootstrap', ['list', 'get', 'bootstrap']); // 'create workspace and initialize'
 */
export function choiceGloss(description: string, value: string, values: readonly string[]): string | null {
  const quoted = choiceText(description, value, values);
  if (quoted) return quoted;
  const name = escaped(value);
  const bracketed = new RegExp(String.raw`(?<![\w-])${name}\s*[(（]([^()（）]{2,80})[)）]`).exec(description);
  if (bracketed) return bracketed[1]!.trim();
  const said = new RegExp(String.raw`(?<![\w-])${name}\s*(?:=|:|—|–|->|=>)\s*([^,;.\n（）()]{2,80})`).exec(description);
  return said ? said[1]!.trim() : null;
}

/**
 * The choice `value` read from its gloss's opening verb and the nouns after it, or null where the
 * description glosses it with no verb the tables know.
 *
 * @example
 *   glossedChoice(workspaceTool, 'bootstrap', ['list', 'get', 'associate', 'bootstrap']); // { verb: 'create', entityWords: ['workspace'], ... }
 */
export function glossedChoice(description: string, value: string, values: readonly string[]): ParsedName | null {
  const gloss = choiceGloss(description, value, values);
  // "status=查询状态，start_auth=…": a gloss in another script is not read, nor the values it runs on into.
  if (gloss === null || !/^[A-Za-z]/.test(gloss)) return null;
  const words = gloss.split(/[^A-Za-z]+/).filter((word) => word.length > 0);
  const end = words.findIndex((word, index) => index > 0 && phraseEnds.has(word.toLowerCase()));
  const phrase = (end === -1 ? words : words.slice(0, end)).slice(0, 4);
  if (phrase.length === 0) return null;
  const parsed = parseToolName(phrase.map((word) => word.toLowerCase()).join('_'), null);
  if (!parsed.meaning || parsed.verb !== phrase[0]!.toLowerCase() || nounLikeVerbs.has(parsed.verb)) return null;
  // `projects (list all)`, `users (find by name/email)`: a gloss that names nothing acts on what the value names.
  const own = parseToolName(value, null);
  if (parsed.entityWords.join('_') === 'item' && !own.meaning && own.entityWords.join('_') !== 'item')
    return { ...parsed, entityWords: own.entityWords, plural: own.plural };
  return parsed;
}
