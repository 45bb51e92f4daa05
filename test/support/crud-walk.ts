/**
 * A create → read → list → update → read → delete → read walk over the tools of one server, for
 * every entity the operation inference finds, checking each answer against the ones before: the
 * read shows what the create made, the list holds it, the update shows in the next read, the
 * delete makes the read not-found and the list lose it. Parents come first: a child's steps name a
 * parent the walk created (a comment's `issue_number`), as the simulator checks them. Used by the demo test and by
 * `npm run bench:inference` (the figures of the stateful simulator alone).
 */
import type { ToolDefinition } from '../../src/domain/registry.js';
import type { ToolShape } from '../../src/reading/tool-operation.js';
import { readServer } from '../../src/reading/read-server.js';
import { toParentReferences } from '../../src/reading/tool-parents.js';
import { isControlArgument, isQueryArgument } from '../../src/domain/world-query.js';
import { toSyntheticValue } from '../../src/sim/stateful/synthetic-source.js';

/** One tool result as the walk reads it. */
export interface WalkResult {
  isError: boolean;
  text: string;
  /** structuredContent, else the text parsed as JSON, else null. */
  value: Record<string, unknown> | null;
  source: string;
}

export type CallTool = (tool: string, args: Record<string, unknown>) => Promise<WalkResult>;

/** What the walk of one entity found: which steps it could take, and which checks held. */
export interface EntityWalk {
  entity: string;
  steps: string[];
  checks: { name: string; pass: boolean; detail?: string }[];
}

/** Values a real user would give for common argument names (a synthetic timezone or city would be rejected). */
const realistic: Record<string, unknown> = {
  owner: 'acme',
  repo: 'widgets',
  timezone: 'Europe/Berlin',
  source_timezone: 'Europe/Berlin',
  target_timezone: 'America/New_York',
  time: '14:30',
  email: 'ada.lovelace@example.com',
  to: 'ada.lovelace@example.com',
  city: 'Berlin',
  url: 'https://example.com/',
  branch: 'main',
};

/**
 * Arguments valid for a tool's input schema: the required ones (and, with `all`, a seeded choice
 * of the optional ones) made up from `seed`, with realistic values for common names.
 *
 * @example
 *   exampleArguments(tool, 'demo'); // { owner: 'acme', repo: 'widgets', title: 'amber birch' }
 */
export function exampleArguments(tool: ToolDefinition, seed: string, all = false): Record<string, unknown> {
  const schema = all
    ? tool.inputSchema
    : {
        ...tool.inputSchema,
        properties: Object.fromEntries(
          Object.entries((tool.inputSchema.properties ?? {}) as Record<string, unknown>).filter(([name]) =>
            (tool.inputSchema.required as string[] | undefined)?.includes(name),
          ),
        ),
      };
  const value = toSyntheticValue(schema, `${seed}|${tool.name}`);
  const args = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, Record<string, unknown>>;
  for (const name of Object.keys(args))
    if (name in realistic && properties[name]?.type !== 'array' && !properties[name]?.enum) args[name] = realistic[name];
  return args;
}

interface Step {
  tool: ToolDefinition;
  shape: ToolShape;
  /** The dispatch argument and value that make the tool do this (`method: 'create'`). */
  choice: Record<string, string>;
}

/** The tool (or dispatch choice) that does `operation` to `entity`, preferring a plain tool. */
function findStep(
  tools: readonly ToolDefinition[],
  shapes: ReadonlyMap<string, ToolShape>,
  entity: string,
  operation: string,
): Step | null {
  for (const plain of [true, false]) {
    for (const tool of tools) {
      const shape = shapes.get(tool.name)!;
      if (
        plain &&
        shape.entity === entity &&
        shape.operation === operation &&
        !shape.dispatch &&
        (operation === 'create' || operation === 'list' || shape.idArgument !== null || shape.find)
      )
        return { tool, shape, choice: {} };
      if (!plain && shape.dispatch) {
        for (const [value, choice] of Object.entries(shape.dispatch.choices)) {
          if (
            choice.entity === entity &&
            choice.operation === operation &&
            (operation === 'create' || operation === 'list' || choice.idArgument !== null)
          )
            return { tool, shape: choice, choice: { [shape.dispatch.argument]: value } };
        }
      }
    }
  }
  return null;
}

/** A text argument an update can change that names no id, scope or control (`title`, `body`, `content`). */
function changeableArgument(step: Step, list: Step | null): string | null {
  const properties = (step.tool.inputSchema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const scope = new Set(Object.keys((list?.tool.inputSchema.properties ?? {}) as Record<string, unknown>));
  const preferred = ['title', 'name', 'description', 'body', 'content', 'summary', 'text', 'value', 'subject'];
  const candidates = Object.entries(properties).filter(
    ([name, schema]) =>
      schema?.type === 'string' &&
      !schema.enum &&
      !schema.format &&
      !schema.pattern &&
      name !== step.shape.idArgument &&
      !/(id|ids|number|key)$/i.test(name) &&
      !(scope.has(name) && !preferred.includes(name)) &&
      !isControlArgument(name) &&
      !isQueryArgument(name) &&
      !(name in realistic) &&
      !Object.keys(step.choice).includes(name),
  );
  return (preferred.map((name) => candidates.find(([candidate]) => candidate === name)).find(Boolean) ?? candidates[0])?.[0] ?? null;
}

/** Whether a value is of the kind a property schema takes (a shared `fields` object is no `fields` list). */
function sameKind(schema: Record<string, unknown> | undefined, value: unknown): boolean {
  const type = schema?.type;
  if (typeof type !== 'string') return true;
  const kind = Array.isArray(value)
    ? 'array'
    : value === null
      ? 'null'
      : typeof value === 'number'
        ? Number.isInteger(value)
          ? 'integer'
          : 'number'
        : typeof value;
  return type === kind || (type === 'number' && kind === 'integer');
}

/** An answer's entity: the value itself, or the one object it wraps the entity in (`{ table: {...} }`). */
function entityOf(result: WalkResult): Record<string, unknown> {
  const value = result.value ?? {};
  const inner = Object.values(value).filter(
    (item): item is Record<string, unknown> => item !== null && typeof item === 'object' && !Array.isArray(item),
  );
  return Object.keys(value).length === 1 && inner.length === 1 ? inner[0]! : value;
}

/** The id a create answered: at the top, or in the one object its output wraps the entity in (`{ table: { id } }`). */
function idOf(result: WalkResult, shape: ToolShape): unknown {
  const value = result.value ?? {};
  const direct = value[shape.idField] ?? value.id;
  if (direct !== undefined) return direct;
  const inner = Object.values(value).filter(
    (item): item is Record<string, unknown> => item !== null && typeof item === 'object' && !Array.isArray(item),
  );
  return inner.length === 1 ? (inner[0]![shape.idField] ?? inner[0]!.id) : undefined;
}

/** Whether a list result holds an entity with this id (in any array of objects it carries). */
function listHolds(result: WalkResult, idField: string, id: unknown): boolean {
  const arrays = Object.values(result.value ?? {}).filter((value): value is Record<string, unknown>[] => Array.isArray(value));
  return arrays.some((items) =>
    items.some(
      (item) =>
        item !== null &&
        typeof item === 'object' &&
        [item[idField], item.id, item.name, item.key].some((value) => value !== undefined && String(value) === String(id)),
    ),
  );
}

/**
 * Walks every entity of a server that has a create, or a read with a list, through whatever of
 * create, read, list, update, read, delete, read its tools offer. The server's names (its qualified
 * name, its display name) are read as the simulator reads them: a known service's ids have its fields.
 *
 * @example
 *   const walks = await walkEntities(tools, (tool, args) => callOverMcp(tool, args), { scope: { owner: 'acme', repo: 'widgets' } });
 */
export async function walkEntities(
  tools: readonly ToolDefinition[],
  callTool: CallTool,
  seed = 'walk',
  serverNames: readonly string[] = [],
): Promise<EntityWalk[]> {
  const { shapes } = readServer(tools, { serverNames });
  const entities = [
    ...new Set(
      [...shapes.values()].flatMap((shape) => [shape, ...Object.values(shape.dispatch?.choices ?? {})]).map((shape) => shape.entity),
    ),
  ];
  const stepsOf = (entity: string) => {
    const [found, read, list, update, remove] = (['create', 'read', 'list', 'update', 'delete'] as const).map((operation) =>
      findStep(tools, shapes, entity, operation),
    );
    // `set(key, value)` creates what it does not find: with no create, an upsert is one.
    const create = found ?? (update?.shape.upsert ? update : null);
    return { create, read, list, update, remove };
  };
  /** The parents a walk's steps name (`issue_number` of a comment's create and list), by argument. */
  const parentsOf = (entity: string) => {
    const parents = new Map<string, string>();
    for (const step of Object.values(stepsOf(entity)))
      if (step)
        for (const reference of toParentReferences(step.tool, step.shape, shapes))
          if (reference.entity !== entity) parents.set(reference.argument, reference.entity);
    return parents;
  };
  // Parents before their children, so the world knows a parent's type before a child names one.
  const depth = (entity: string, seen: ReadonlySet<string> = new Set()): number =>
    seen.has(entity) ? 0 : Math.max(0, ...[...parentsOf(entity).values()].map((parent) => 1 + depth(parent, new Set([...seen, entity]))));
  const ordered = entities.map((entity, index) => ({ entity, index, depth: depth(entity) }));
  ordered.sort((a, b) => a.depth - b.depth || a.index - b.index);
  /** One parent of each type that stays for the children, made by its own create (with its own parents). */
  const liveParents = new Map<string, unknown>();
  const liveParent = async (entity: string, seen: ReadonlySet<string> = new Set()): Promise<unknown> => {
    if (liveParents.has(entity) || seen.has(entity)) return liveParents.get(entity);
    const { create } = stepsOf(entity);
    if (!create) return undefined;
    const args: Record<string, unknown> = { ...exampleArguments(create.tool, `${seed}|parent|${entity}`), ...create.choice };
    for (const [argument, parent] of parentsOf(entity)) {
      const id = await liveParent(parent, new Set([...seen, entity]));
      if (id !== undefined && argument in args) args[argument] = id;
    }
    if (create.shape.idArgument) args[create.shape.idArgument] = `walk-${entity}-parent`;
    const made = await callTool(create.tool.name, args);
    const id = made.isError ? undefined : create.shape.idArgument ? args[create.shape.idArgument] : idOf(made, create.shape);
    liveParents.set(entity, id);
    return id;
  };
  const walks: EntityWalk[] = [];
  for (const { entity } of ordered) {
    const { create, read, list, update, remove } = stepsOf(entity);
    if (!create && !(read && list)) continue;
    const walk: EntityWalk = { entity, steps: [], checks: [] };
    walks.push(walk);
    const check = (name: string, pass: boolean, detail?: string) =>
      walk.checks.push({ name, pass, ...(pass || detail === undefined ? {} : { detail }) });
    /** The same value for the same argument name all through the walk (the create's `owner`, `baseId`, `issue_number`). */
    const shared: Record<string, unknown> = {};
    /** The ids of real parents (`issue_number` of an issue the walk created), never invented ones. */
    const parents: Record<string, unknown> = {};
    for (const [argument, parent] of parentsOf(entity)) {
      const id = await liveParent(parent);
      if (id !== undefined) parents[argument] = id;
    }
    const argsFor = (step: Step, extra: Record<string, unknown> = {}) => {
      const args: Record<string, unknown> = { ...exampleArguments(step.tool, `${seed}|${entity}`), ...step.choice };
      const properties = (step.tool.inputSchema.properties ?? {}) as Record<string, Record<string, unknown> | undefined>;
      for (const [name, value] of Object.entries({ ...shared, ...parents }))
        if (name in properties && !(name in step.choice) && sameKind(properties[name], value)) args[name] = value;
      return { ...args, ...extra };
    };

    let id: unknown;
    let created: WalkResult | null = null;
    if (create) {
      walk.steps.push(`create ${create.tool.name}`);
      const args = argsFor(create);
      if (create.shape.idArgument) args[create.shape.idArgument] = `walk-${entity}-1`;
      // A value of its own where a find may look it up (`find_contact(email)`): earlier calls may share the realistic one.
      for (const name of ['email', 'to']) if (typeof args[name] === 'string') args[name] = `walk.${entity}@example.com`;
      for (const [name, value] of Object.entries(args))
        if (name !== create.shape.idArgument && !(name in create.choice) && !(name in parents)) shared[name] = value;
      created = await callTool(create.tool.name, args);
      check('create answers', !created.isError, created.text);
      id = create.shape.idArgument ? args[create.shape.idArgument] : idOf(created, create.shape);
      check('create shows the new id', id !== undefined && id !== null, created.text);
    }
    if (id === undefined && list) {
      const listed = await callTool(list.tool.name, argsFor(list));
      const first = Object.values(listed.value ?? {}).find(
        (value): value is Record<string, unknown>[] => Array.isArray(value) && value.length > 0,
      )?.[0];
      id = first?.[list.shape.idField] ?? first?.id;
    }
    if (id === undefined || id === null) continue;

    /** A read by id, or a find by the fields the create gave (`find_contact(email)`). */
    const readArguments = (step: Step) => {
      if (!step.shape.find) return argsFor(step, { [step.shape.idArgument!]: id });
      const args = argsFor(step);
      for (const name of Object.keys(args)) if (created?.value?.[name] !== undefined) args[name] = created.value[name];
      return args;
    };
    const readBack = async (label: string) => {
      if (!read) return null;
      walk.steps.push(`read ${read.tool.name}`);
      const result = await callTool(read.tool.name, readArguments(read));
      check(`${label} answers`, !result.isError, result.text);
      return result;
    };
    const first = await readBack('read');
    if (first && created?.value && first.value) {
      const differing = Object.entries(created.value).filter(
        ([name, value]) => name in first.value! && JSON.stringify(first.value![name]) !== JSON.stringify(value),
      );
      check('read shows what the create made', differing.length === 0, `differs in ${differing.map(([name]) => name).join(', ')}`);
    }
    if (list) {
      walk.steps.push(`list ${list.tool.name}`);
      const listed = await callTool(list.tool.name, argsFor(list));
      check('list holds it', !listed.isError && listHolds(listed, list.shape.idField, id), listed.text.slice(0, 300));
    }
    const changed = update ? changeableArgument(update, list ?? null) : null;
    if (update && changed) {
      walk.steps.push(`update ${update.tool.name}`);
      const updated = await callTool(
        update.tool.name,
        argsFor(update, { [update.shape.idArgument!]: id, [changed]: 'changed by the walk' }),
      );
      check('update answers', !updated.isError, updated.text);
      const after = await readBack('read after update');
      const listField = update.shape.listField;
      const shows = (entity: Record<string, unknown>) =>
        listField && listField.argument === changed
          ? Array.isArray(entity[listField.field]) && (entity[listField.field] as unknown[]).includes('changed by the walk')
          : entity[changed] === 'changed by the walk';
      if (after?.value) check('read shows the update', shows(entityOf(after)), after.text.slice(0, 300));
    }
    if (remove) {
      walk.steps.push(`delete ${remove.tool.name}`);
      const deleted = await callTool(remove.tool.name, argsFor(remove, { [remove.shape.idArgument!]: asIdArgument(remove, id) }));
      check('delete answers', !deleted.isError, deleted.text);
      if (read) {
        const gone = await callTool(read.tool.name, readArguments(read));
        check('read after delete is not-found', gone.isError && /not found/i.test(gone.text), gone.text);
      }
      if (list) {
        const listed = await callTool(list.tool.name, argsFor(list));
        check('list after delete lacks it', !listHolds(listed, list.shape.idField, id), listed.text.slice(0, 300));
      }
    }
  }
  return walks;
}

/** A delete whose id argument takes a list (`delete_records(recordIds)`) is given the id in one. */
function asIdArgument(step: Step, id: unknown): unknown {
  const properties = step.tool.inputSchema.properties as Record<string, { type?: unknown }> | undefined;
  return properties?.[step.shape.idArgument!]?.type === 'array' ? [id] : id;
}
