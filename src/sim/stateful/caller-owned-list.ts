/**
 * "My" lists: `get_my_unresolved_issues` "issues assigned to you", `list_my_tasks`,
 * `get_my_recent_pages` "pages created or updated by the current user", `wit_work_item(action:
 * my)` (a name or a picked choice with `my`/`mine`, or a description that says the records are
 * the caller's). Services answer them with
 * the records whose person field names the caller (the assignee, or the creator where the tool
 * says created or written), as the person a current-user read answers (caller-alias.ts). Only
 * where the records of the type keep such a field: a world that records no one's work keeps every
 * record, as before. A call that names a person itself (`assignee: 'lin'`) is filtered by that.
 */
import { entitiesOf, fieldValue } from '../../domain/world-query.js';
import { isRecord } from '../../domain/json-record.js';
import { toWords } from '../../reading/entity-words.js';
import { asksForOwn } from '../../reading/choice-phrase.js';
import { callerOf } from './caller-alias.js';
import type { AnswerInput } from './world-conventions.js';

type Fields = Readonly<Record<string, unknown>>;

/**
 * "assigned to you", "where you are the creator", "you created": the description says the list is the caller's. "(default:
 * created by current user; use scope='all' for all)" is a default the call can lift, so "current user" alone is not read.
 */
const describedCaller =
  /\b(?:assigned to you|where you are (?:the )?(?:assignee|creator|author|owner)|you (?:created|own|wrote|authored))\b/i;
/** A description that says whose work by its making: "created by", "you wrote", "authored". */
const madeWords = /\b(?:creat|author|wr[io]te|written|modif)/i;
const assignedRoles = ['assignee', 'assignees', 'assigned', 'owner', 'owners', 'responsible'];
const madeRoles = ['creator', 'author', 'created', 'reporter', 'owner', 'modifier', 'modified', 'writer'];
/** Arguments that name a person themselves, so the call is about them, not about the caller. */
const personWords = new Set([...assignedRoles, ...madeRoles, 'user', 'username', 'member', 'person', 'account']);

/**
 * The test a record of a "my" list passes (its person field names the caller), or null when the list is no "my" list,
 * names a person itself, or its records keep no person field.
 *
 * @example
 *   callerOwnedTest(input)?.({ key: 'SHOP-12', assignee: 'Priya Nair' }); // true where Priya Nair is the caller
 */
export function callerOwnedTest(input: AnswerInput): ((fields: Fields) => boolean) | null {
  const { shape, tool } = input;
  if (shape.operation !== 'list' && shape.operation !== 'search') return null;
  const description = tool.description ?? '';
  // `wit_work_item(action: 'my')`, `repo_branch(action: 'list_mine')`: the choice the call picks asks for them too.
  const dispatch = input.shapes.get(tool.name)?.dispatch?.argument;
  const picked = dispatch === undefined ? undefined : input.args[dispatch];
  const named = asksForOwn(typeof picked === 'string' ? picked : tool.name);
  if (!named && !describedCaller.test(description)) return null;
  const given = Object.entries(input.args).some(
    ([name, value]) => value !== undefined && value !== null && value !== '' && toWords(name).some((word) => personWords.has(word)),
  );
  if (given) return null;
  const records = entitiesOf(input.world, shape.entity).map((entity) => entity.fields);
  const roles = madeWords.test(description) ? madeRoles : assignedRoles;
  const fields = [...new Set(records.flatMap((record) => Object.keys(record)))].filter((field) =>
    toWords(field).some((word) => roles.includes(word)),
  );
  if (fields.length === 0) return null;
  const caller = callerOf(input.world, input.model);
  const marks = new Set(
    ['id', 'name', 'email', 'login', 'username', 'displayName', 'accountId', 'key']
      .map((field) => caller[field])
      .filter((value) => typeof value === 'string' || typeof value === 'number')
      .map((value) => String(value).toLowerCase()),
  );
  return (record) => fields.some((field) => namesCaller(fieldValue(record, field), marks));
}

/** Whether a person value (a name, an id, `{ accountId, displayName }`, a list of them) is the caller. */
function namesCaller(value: unknown, marks: ReadonlySet<string>): boolean {
  if (typeof value === 'string' || typeof value === 'number') return marks.has(String(value).toLowerCase());
  if (Array.isArray(value)) return value.some((item) => namesCaller(item, marks));
  if (isRecord(value)) return Object.values(value).some((item) => typeof item !== 'object' && namesCaller(item, marks));
  return false;
}
