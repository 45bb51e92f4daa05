/**
 * A tool's answer kind: how the simulator answers it, decided once in the reading with why, so
 * `mcpsim explain`, `_meta["mcpsim/operation"]` and the simulator's table of answer modules
 * (sim/stateful/answers/) say the same. The kinds beyond the world's operations are read from the
 * tool's words and schemas the way a person reads any service's tools: a tool that tells the time,
 * one that takes a screenshot, a read of whoever calls, a read of a web page by its URL, a value
 * the description says it returns or the service computes, a read of the value an action set last.
 * A world operation is then told apart as a batch, a transition or a move where the arguments say so.
 *
 * Pure: the same tool, shape and server give the same kind.
 */
import { answersImage } from './image-answer.js';
import type { ToolDefinition } from '../domain/registry.js';
import { toNormalName } from '../domain/world-query.js';
import { isBatchItemsArgument, idListNames, wrappedList } from './batch-arguments.js';
import { computedValueWord, describedFieldNames, describedText, describedValues } from './described-returns.js';
import { toWords } from './entity-words.js';
import { toScopeArguments } from './scope-arguments.js';
import { isUrlArgument, propertiesOf, requiredOf } from './tool-id-argument.js';
import { isCurrentUserRead } from './tool-kind-words.js';
import { toParentReferences } from './tool-parents.js';
import { toMoveArguments } from './parent-moves.js';
import { movedField } from './field-moves.js';
import type { ToolShape } from './tool-shape.js';
import { isCallerEntity } from './caller-entity.js';
import { judgementVerb } from './judgement-verbs.js';
import { figureWord } from './figure-names.js';
import { namesStatusChange } from './status-change.js';
import { computingVerb } from './computing-verbs.js';

/** Every kind a tool's reading may have; each has one answer module in the simulator. */
export const answerKinds = [
  'create',
  'read',
  'list',
  'search',
  'update',
  'move',
  'transition',
  'batch',
  'delete',
  'action',
  'current user',
  'clock',
  'read-back',
  'described value',
  'described text',
  'computed value',
  'screenshot',
  'web page',
] as const;

export type AnswerKind = (typeof answerKinds)[number];

/** A tool's answer kind and why it was read so. */
export interface KindReading {
  kind: AnswerKind;
  why: string;
}

/** What a kind is read from beyond the tool and its shape: the server's other tools and whether the scenario corrected this one. */
export interface KindContext {
  shapes: ReadonlyMap<string, ToolShape>;
  serverTools: readonly ToolDefinition[];
  /** A `tools:` correction of this tool: it is answered as the world operation it was corrected to, never from the clock or a read-back. */
  corrected: boolean;
}

/** Entities that name a person or their account: read with no argument at all, the caller's. */
const callerNouns = new Set(['user', 'account', 'profile']);

/** Words of a name that say the tool acts on many entities at once. */
const batchWords = new Set(['batch', 'bulk']);

/** Arguments that name the state an update moves the entity to (`transition`, `target_status`). */
const targetStateArguments = new Set(['transition', 'targetstatus', 'targetstate', 'tostatus', 'tostate', 'newstatus', 'newstate']);

/** Whether an argument names the state an update moves its entity to. */
export function isTargetStateArgument(name: string): boolean {
  return targetStateArguments.has(toNormalName(name));
}

/**
 * The answer kind of a tool read as `shape`, in the order the simulator decides: the clock, a
 * screenshot, the caller, a web page, a described value, a read-back, a described text, a computed
 * value, then the world operation (a batch, a transition, a move, or the operation itself).
 *
 * @example
 *   toAnswerKind(getCurrentTime, shapes.get('get_current_time')!, { shapes, serverTools, corrected: false });
 *   // { kind: 'clock', why: 'the words "current" and "time" in the name: it tells the platform clock' }
 */
export function toAnswerKind(tool: ToolDefinition, shape: ToolShape, context: KindContext): KindReading {
  const clock = context.corrected ? null : clockWhy(tool);
  if (clock) return { kind: 'clock', why: clock };
  if (isScreenshotTool(tool)) return { kind: 'screenshot', why: 'a screenshot, as its name or description says: it answers an image' };
  const { operation } = shape;
  const noId = shape.idArgument === null;
  if (readsCurrentUser(shape, tool))
    return { kind: 'current user', why: 'a read with no id of whoever calls: it answers the one person the world starts with' };
  // `read-company-details(uri)` "URI of the company to read", where other tools keep companies: the thing's address, not a page's;
  // a page's own address is still the page's (`scrape_webpage(url)` beside `crawl_webpages`).
  const kept = [...context.shapes.values()].some((other) => other.tool !== tool.name && other.entity === shape.entity);
  const url =
    operation === 'read'
      ? [...requiredOf(tool)].find(
          (name) => isUrlArgument(name) && (pageEntities.has(shape.entity) || !(kept && namesEntity(tool, name, shape.entity))),
        )
      : undefined;
  // `open_deep_link(url)` "Open a deep link or URL on the device": opening an address shows it, as `navigate(url)` does; nothing is read.
  if (url !== undefined && opensAddress(tool))
    return { kind: 'action', why: `it opens the "${url}" it is given: it goes there, as a navigation does, and answers nothing read` };
  if (url !== undefined) return { kind: 'web page', why: `a read that must be given "${url}": it answers the page at that address` };
  if (operation === 'read' && noId && describesReturn(tool))
    return { kind: 'described value', why: 'a read with no id whose description or name says what it returns: it answers that' };
  // `get_order_counts()`, `query_log_stats(selector)`: a read of many whose name says it answers a count, total or statistics
  // computes one value over them; no list keeps it.
  const aggregate =
    (operation === 'list' || operation === 'search' || operation === 'read') && noId && !context.corrected ? aggregateWord(tool) : null;
  if (aggregate !== null)
    return { kind: 'described value', why: `a read of many whose name says it answers their ${aggregate}: it answers that value` };
  // `sessions_per_project`, `most_active_user`, `is_contract(address)`, `get_pool_stats(connection_id)`: a name whose grammar
  // says it answers a figure, whatever its arguments name (figure-names.ts).
  const figure = context.corrected ? null : figureWord(tool, operation, context.serverTools);
  if (figure !== null) return { kind: 'described value', why: `"${figure}" in the name says it answers a figure: it answers that value` };
  // `check_iam_permissions`, `analyze_jira_issues`: a judgement the service makes on the call (judgement-verbs.ts).
  const judged = context.corrected ? null : judgementVerb(tool, context.serverTools);
  if (judged !== null) return { kind: 'computed value', why: `"${judged}" asks the service for a judgement: it answers what it concludes` };
  // `convert(value, from, to)` "Convert between units": a calculator keeps nothing and answers what it works out (computing-verbs.ts).
  const computed = context.corrected ? null : computingVerb(tool, shape);
  if (computed !== null) return { kind: 'computed value', why: `"${computed}" opens its description: it answers the value it works out` };
  const given = operation === 'read' && noId && !context.corrected ? givenBy(tool, shape, context.serverTools) : null;
  if (given !== null)
    return {
      kind: 'read-back',
      why: `a read with no id and no output schema of the ${shape.entity} "${given}" sets: it answers the value given last`,
    };
  if (operation === 'other' && !tool.outputSchema) {
    const text = describedText(tool);
    if (text !== null)
      return { kind: 'described text', why: `the description says it returns ${JSON.stringify(text)}: it answers that text` };
    const word = computedValueWord(tool);
    if (word !== null) return { kind: 'computed value', why: `a ${word} the service computes: it answers one, with the arguments asked` };
  }
  return toWorldKind(tool, shape, context);
}

/** The kind of a world operation: a batch, a transition, a move, or the operation itself. */
function toWorldKind(tool: ToolDefinition, shape: ToolShape, context: KindContext): KindReading {
  if (shape.every) return { kind: 'batch', why: `named for all of them: it acts on each ${shape.entity} its arguments select` };
  const batch = batchArgument(tool, shape);
  if (batch !== null) return { kind: 'batch', why: `"${batch}" takes a list: it acts on each item or id` };
  const { operation } = shape;
  // `batch_records`, `hubspot-batch-read-objects`, `bulk_flag_by_sender`: a name that says it acts on many at once is a batch,
  // whatever list its arguments take; a batch create or search still makes or finds as its verb says.
  const named = operation === 'create' || operation === 'search' ? undefined : toWords(tool.name).find((word) => batchWords.has(word));
  if (named !== undefined) return { kind: 'batch', why: `the word "${named}" in the name: it acts on each ${shape.entity} it is given` };
  if (operation === 'other') return { kind: 'action', why: 'no entity to keep: acknowledged and kept as a fact' };
  if (operation !== 'update') return { kind: operation, why: `a ${operation} of the ${shape.entity} in the world` };
  const target = Object.keys(propertiesOf(tool)).find(isTargetStateArgument) ?? movedField(tool, shape);
  if ((Object.keys(shape.sets).length > 0 && !undoneByUpdate(tool, shape, context.shapes)) || target !== undefined)
    return {
      kind: 'transition',
      why:
        target !== undefined ? `"${target}" names the state it moves to` : 'its verb sets the state: it moves the entity in its lifecycle',
    };
  // `update_room_task_status(task_id)`, `transition_issue(issueKey)`: a change of the entity's status the caller picks (status-change.ts).
  if (namesStatusChange(tool, shape.entity))
    return { kind: 'transition', why: `its name changes the ${shape.entity}'s status: it moves the entity in its lifecycle` };
  const scope = toScopeArguments(shape, context.shapes, context.serverTools);
  // A move only where its words say so (parent-moves.ts); the argument a membership update adds to a list field is not merged, so it moves nothing.
  const references = toParentReferences(tool, shape, context.shapes);
  const moving = toMoveArguments(tool, shape, references).find(
    (argument) => !scope.has(argument) && argument !== shape.listField?.argument,
  );
  const parent = references.find(({ argument }) => argument === moving);
  if (moving !== undefined)
    return {
      kind: 'move',
      why: parent
        ? `it must be given the ${parent.entity} "${moving}": it moves the ${shape.entity} there`
        : `"${moving}" says where it moves the ${shape.entity}`,
    };
  return { kind: 'update', why: `an update of the ${shape.entity} in the world: it merges what it is given` };
}

/**
 * Whether the tool's undo (`unapprove_merge_request` of `approve_merge_request`) reads as a plain update of the same entity:
 * a mark each reviewer adds and takes back, which moves the entity through no lifecycle, so setting it is an update too.
 * An undo that is itself a state change (`unarchive_issue`) leaves the verb a transition.
 */
function undoneByUpdate(tool: ToolDefinition, shape: ToolShape, shapes: ReadonlyMap<string, ToolShape>): boolean {
  const words = toWords(tool.name);
  return [...shapes.values()].some((other) => {
    if (other.entity !== shape.entity || other.operation !== 'update' || Object.keys(other.sets).length > 0) return false;
    const undo = toWords(other.tool);
    return (
      undo.length === words.length &&
      words.every((word, index) => undo[index] === word || undo[index] === `un${word}`) &&
      undo.join() !== words.join()
    );
  });
}

/**
 * Why a tool tells the time, or null: a name with the word "time" and "current" or "now"
 * (`get_current_time`), or "convert" with a source zone, a target zone and a time among its
 * arguments (`convert_time`), as `@modelcontextprotocol/time` names them.
 */
function clockWhy(tool: ToolDefinition): string | null {
  const words = toWords(tool.name);
  if (!words.includes('time')) return null;
  if (words.includes('convert')) {
    const names = Object.keys(propertiesOf(tool));
    const zones = names.filter((name) => /zone|tz/i.test(name));
    const converts =
      zones.some((name) => /source|from/i.test(name)) &&
      zones.some((name) => /target|to/i.test(name)) &&
      names.some((name) => toWords(name).includes('time'));
    return converts ? 'the words "convert" and "time" in the name, with zones and a time: it converts on the platform clock' : null;
  }
  const word = words.includes('current') ? 'current' : words.includes('now') ? 'now' : null;
  return word ? `the words "${word}" and "time" in the name: it tells the platform clock` : null;
}

/** Whether the tool takes a screenshot: its name says so, or its description does (or says it renders an image) and it declares no outputSchema. */
function isScreenshotTool(tool: ToolDefinition): boolean {
  if (tool.outputSchema) return false;
  return (
    /screenshot/i.test(tool.name) || /^(take|capture|get)s? (a )?(page )?screenshot/i.test(tool.description ?? '') || answersImage(tool)
  );
}

/**
 * A read with no id of the one who calls, which the starting world seeds: its entity names the
 * caller (`me`), or its words say it reads the authenticated user (`get_user()`: "Get the current
 * user", `whoami`; tool-kind-words.ts), so the entity may stay `user`.
 */
export function readsCurrentUser(shape: ToolShape, tool: ToolDefinition): boolean {
  if (shape.operation !== 'read' || shape.idArgument !== null) return false;
  if (isCallerEntity(shape.entity)) return true;
  // `get_account()`, `get_user_details()`: a read of a user or account that takes no argument at all can only mean the one
  // whose credentials make the call (`GET /user`, `GET /account`).
  // `authen_v1_userInfo_get(useUAT?: boolean)`: a flag only says how to ask, not whom.
  if (callerNouns.has(shape.entity.split('_').at(-1) ?? '') && onlyFlags(tool)) return true;
  const required = Array.isArray(tool.inputSchema.required) && tool.inputSchema.required.length > 0;
  return isCurrentUserRead(tool.name, tool.description ?? '', required);
}

/** Whether every argument of a tool is an optional boolean flag (none at all included): nothing it takes names a record. */
function onlyFlags(tool: ToolDefinition): boolean {
  const required = Array.isArray(tool.inputSchema.required) && tool.inputSchema.required.length > 0;
  return !required && Object.values(propertiesOf(tool)).every((schema) => (schema as { type?: unknown }).type === 'boolean');
}

/** Words of a name that say a read answers one value over many: a count, a total, statistics. */
const aggregateWords = new Set(['count', 'counts', 'total', 'totals', 'stats', 'statistics', 'kpi', 'kpis', 'summary', 'aggregate']);
/** Words of a name that say it reports on many (`boond_reporting_projects`, `get-shopifyql-analytics`, `revenue_vs_orders`). */
const reportWords = new Set(['analytics', 'reporting', 'vs', 'versus']);

/** The word of a tool's name that says it answers one value computed over many, or null. */
function aggregateWord(tool: ToolDefinition): string | null {
  return toWords(tool.name).find((word) => aggregateWords.has(word) || reportWords.has(word)) ?? null;
}

/** Whether the description lists what the tool returns, or its words name a value the service computes. */
function describesReturn(tool: ToolDefinition): boolean {
  return describedValues(tool).length > 0 || describedFieldNames(tool).length > 0 || computedValueWord(tool) !== null;
}

/**
 * The other tool whose argument is named as the entity a read with nothing to name reads back
 * (`navigate(url)` for `get_url()`), or null; a read with an output schema answers the entity instead.
 */
function givenBy(tool: ToolDefinition, shape: ToolShape, serverTools: readonly ToolDefinition[]): string | null {
  if (tool.outputSchema) return null;
  const wanted = toNormalName(shape.entity);
  const setter = serverTools.find(
    (other) => other.name !== tool.name && Object.keys(propertiesOf(other)).some((name) => toNormalName(name) === wanted),
  );
  return setter?.name ?? null;
}

/**
 * The argument that makes a call a batch, or null: a create's list of items, a read, update or
 * delete whose id argument takes a list, or a list that must be given a list of the entity's ids
 * (`get_issues(issue_ids)`: it answers those entities, as a batch read does).
 */
function batchArgument(tool: ToolDefinition, shape: ToolShape): string | null {
  const properties = propertiesOf(tool);
  if (shape.operation === 'list' || shape.operation === 'search') {
    const idLists = idListNames(shape);
    return [...requiredOf(tool)].find((name) => properties[name]?.type === 'array' && idLists.has(toNormalName(name))) ?? null;
  }
  if (shape.idArgument !== null && shape.operation !== 'create') {
    const schema = properties[shape.idArgument];
    return schema?.type === 'array' || (schema !== undefined && wrappedList(schema) !== null) ? shape.idArgument : null;
  }
  if (shape.operation !== 'create') return null;
  return Object.keys(properties).find((name) => properties[name]?.type === 'array' && isBatchItemsArgument(tool, shape, name)) ?? null;
}

/** Whether an argument's description says it names the entity (`uri` "URI of the company to read" for a company). */
function namesEntity(tool: ToolDefinition, argument: string, entity: string): boolean {
  const description = propertiesOf(tool)[argument]?.description;
  if (typeof description !== 'string') return false;
  const noun = entity.split('_').join(' ');
  return new RegExp(`\\b(?:of|for)\\s+(?:the|a|an)\\s+${noun}\\b`, 'i').test(description);
}

/** Entities that are web pages: the URL of one (`scrape_webpage(url)` "URL of the webpage to scrape") is the page's own address. */
const pageEntities = new Set(['page', 'webpage', 'web_page', 'website', 'site']);

/** Verbs that read what a page holds: a name with one of them beside `open` still reads the page (`open_and_get_page`). */
const pageReadingVerbs = new Set(['get', 'fetch', 'read', 'scrape', 'retrieve', 'download', 'extract']);

/** Whether a read by an address is named for opening it (`open_deeplink`, `open_url`) and for no reading of what it holds. */
function opensAddress(tool: ToolDefinition): boolean {
  const words = toWords(tool.name);
  return words.includes('open') && !words.some((word) => pageReadingVerbs.has(word));
}
