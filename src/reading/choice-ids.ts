/**
 * The record each choice of a dispatching tool acts on, once the tool's own id is final.
 * `tags(action: list | get | add | update | delete, hostName)`,
 * `manageStorage(action: upload | download | delete, cloudPath)`: a choice is read from its value
 * alone (tool-dispatch.ts), before the passes over the whole server find the tool's id argument
 * (own-id-argument.ts, action-id-argument.ts), so a choice whose value names no record of its own
 * takes none and the simulator answers it on a made-up record. One tool names its record by one
 * argument, whatever the call picks (Google's API design guide: a custom method acts on the
 * resource its name names), so:
 * - a read, update, delete or action of the tool's entity with no id of its own takes the tool's id,
 *   and an update or delete that was read as another action for want of one is that update or delete;
 * - a create takes it where it is a key the caller chooses (a path, a host name), not a
 *   service-assigned `…Id` nor a type another create makes (`collectionName` names where a document
 *   goes), and is given it (the schema requires it, or its description names the create): the record
 *   is made under that key, so the read, list and delete of the same key find it;
 * - where the tool's id is named for another type the server keeps (`jira_workflow(issueKey)`
 *   beside `jira_issues(issueKey)`) and no tool makes the tool's own entity, the choices that take
 *   it act on that type's record (a transition moves the issue).
 * Where the id argument's description names the choices it is for ("Host name (required for
 * get/add/update/delete actions)", "Index name (required for get/update)"), only those take it:
 * `reorder(index_names)` orders all indexes and names none. The tool's own reading (what the
 * corpus labels) is left as it is. Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import type { ToolShape } from './tool-shape.js';
import { propertiesOf, requiredOf } from './tool-id-argument.js';
import { toWords } from './entity-words.js';
import { toIdStem } from './id-stem.js';
import { toShapeChoices, writesType } from './tool-shape.js';
import { parseToolName } from './tool-name.js';
import { toNormalName } from '../domain/world-query.js';

/** The last word of a key the caller chooses: a path, a name, a key, a slug (never a service-assigned `…Id`). */
const keyWord = /(?:name|path|key|slug)$/;

/**
 * The shapes with each dispatching tool's choices taking the tool's final id argument where they take none.
 *
 * @example
 *   withChoiceIds(shapes).get('tags')!.dispatch!.choices.update!.idArgument; // 'hostName'
 */
export function withChoiceIds(tools: readonly ToolDefinition[], shapes: Map<string, ToolShape>): Map<string, ToolShape> {
  for (const tool of tools) {
    const shape = shapes.get(tool.name);
    const argument = shape?.idArgument ?? null;
    if (!shape?.dispatch || argument === null) continue;
    const owner = ownerType(shapes, shape, argument);
    const named = describedChoices(propertiesOf(tool)[argument]?.description, Object.keys(shape.dispatch.choices));
    // `writeContent(action: insert, collectionName)`: a key named for a type the server makes names where the record goes, not the record.
    const keyed = keyWord.test(toNormalName(argument)) && !namesMadeType(shapes, shape, argument);
    const required = requiredOf(tool);
    const choices: Record<string, ToolShape> = {};
    for (const [value, choice] of Object.entries(shape.dispatch.choices))
      choices[value] =
        named.size === 0 || named.has(value)
          ? withToolId(shape, choice, value, owner, keyed && (named.has(value) || required.has(argument)))
          : choice;
    shapes.set(tool.name, { ...shape, dispatch: { ...shape.dispatch, choices } });
  }
  return shapes;
}

function withToolId(shape: ToolShape, choice: ToolShape, value: string, owner: Owner | null, keyed: boolean): ToolShape {
  if (choice.entity !== shape.entity || choice.operation === 'list' || choice.operation === 'search') return choice;
  const argument = shape.idArgument!;
  const taken = choice.idArgument === null ? takeId(shape, choice, value, keyed) : choice;
  if (taken === null) return choice;
  if (owner === null || taken.idArgument !== argument || taken.operation === 'create') return taken;
  return { ...taken, entity: owner.type, idField: owner.idField, numericId: owner.numericId };
}

function takeId(shape: ToolShape, choice: ToolShape, value: string, keyed: boolean): ToolShape | null {
  const argument = shape.idArgument!;
  const id = { idArgument: argument, idField: shape.idField, numericId: shape.numericId };
  // A create is given the key only where the schema requires it or its description names the create.
  if (choice.operation === 'create') return keyed ? { ...choice, ...id } : null;
  if (choice.operation !== 'other') return { ...choice, ...id };
  // `update (replace tags)`, `delete (remove all tags)`: read as another action only for want of an id.
  const meaning = parseToolName(value, null).meaning;
  if (meaning?.operation !== 'update' && meaning?.operation !== 'delete') return { ...choice, ...id };
  const sets = meaning.operation === 'update' ? (meaning.sets ?? {}) : {};
  return { ...choice, ...id, operation: meaning.operation, sets, strict: true };
}

/**
 * The choices an argument's description names ("required for get/update"), as words or whole values;
 * "required for all operations except create" names every choice but those after "except".
 */
function describedChoices(description: unknown, values: readonly string[]): ReadonlySet<string> {
  if (typeof description !== 'string') return new Set();
  const [named = '', ...rest] = description.split(/\bexcept\b|\bnot\b/i);
  const excluded = namedIn(rest.join(' '), values);
  const included = namedIn(named, values);
  if (excluded.length === 0) return new Set(included);
  return new Set(values.filter((value) => !excluded.includes(value)));
}

function namedIn(text: string, values: readonly string[]): string[] {
  const words = new Set(toWords(text));
  const lower = text.toLowerCase();
  return values.filter((value) => (toWords(value).length === 1 ? words.has(value.toLowerCase()) : lower.includes(value.toLowerCase())));
}

/** Whether `hostName`'s `host`, `collectionName`'s `collection` is a type another create of the server makes. */
function namesMadeType(shapes: ReadonlyMap<string, ToolShape>, shape: ToolShape, argument: string): boolean {
  const stem = toNormalName(toIdStem(argument).name);
  if (stem === toNormalName(shape.entity)) return false;
  return toShapeChoices(shapes).some((choice) => choice.operation === 'create' && toNormalName(choice.entity) === stem);
}

interface Owner {
  type: string;
  idField: string;
  numericId: boolean;
}

/** The other type the tool's id argument is named for (`issueKey` → `issue`), where the server keeps it and makes none of the tool's own. */
function ownerType(shapes: ReadonlyMap<string, ToolShape>, shape: ToolShape, argument: string): Owner | null {
  const stem = toNormalName(toIdStem(argument).name);
  if (stem === toNormalName(shape.entity) || writesType(shapes, shape.entity)) return null;
  for (const other of shapes.values())
    for (const choice of other.dispatch ? Object.values(other.dispatch.choices) : [other])
      if (choice.idArgument === argument && choice.entity !== shape.entity && toNormalName(choice.entity) === stem)
        return { type: choice.entity, idField: choice.idField, numericId: choice.numericId };
  return null;
}
