/**
 * Records created inside another's create: `create_project_with_issues({ project, issues: [{ title,
 * teamId }] })` makes the project and each issue under it, as the service does (Linear's project
 * with its issues, a board made with its lists). Only a list of objects whose name is the plural of
 * a type another tool of the server creates on its own and reads by id or lists: those are records
 * of their own, not data kept inside the parent (an event's `attendees`, embedded-items.ts).
 */
import { toNormalName } from '../../domain/world-query.js';
import { isRecord } from '../../domain/json-record.js';
import type { WorldState } from '../../domain/memory-log.js';
import { toSingular } from '../../reading/entity-words.js';
import type { ToolDefinition } from '../../domain/registry.js';
import type { ToolShape } from '../../reading/tool-operation.js';
import type { Answer, AnswerInput } from './world-conventions.js';

type Upserts = NonNullable<NonNullable<Answer['changes']>['upserts']>;

/**
 * The create's answer with the records its lists of child objects make, each under the new record;
 * the answer itself unchanged where the call holds no such list.
 *
 * @example
 *   withNestedCreates(createProjectWithIssues, answer, create); // the project, and issue ENG-104 with projectId: the project's id
 */
export function withNestedCreates(input: AnswerInput, answer: Answer, createOne: (input: AnswerInput) => Answer): Answer {
  if (answer.error !== undefined || input.shape.operation !== 'create') return answer;
  const parent = answer.changes?.upserts?.find((upsert) => upsert.type === input.shape.entity);
  if (parent === undefined) return answer;
  const lists = Object.entries(input.args).flatMap(([name, value]) => {
    const child = childCreate(input, name, value);
    return child === null ? [] : [{ name, items: value as Record<string, unknown>[], ...child }];
  });
  if (lists.length === 0) return answer;
  const upserts: Upserts = [...(answer.changes?.upserts ?? [])];
  let world = withUpserts(input.world, upserts);
  const stored = { ...parent.fields };
  const shown: Record<string, unknown> = isRecord(answer.value) ? { ...answer.value } : {};
  for (const { name, items, tool, shape } of lists) {
    const field = parentField(input);
    const made: unknown[] = [];
    for (const [index, item] of items.entries()) {
      const result = createOne({
        ...input,
        tool,
        shape,
        world,
        args: { ...item, [field]: parent.id },
        argumentsKey: `${input.argumentsKey}|${name}|${index}`,
      });
      const childUpserts = result.changes?.upserts ?? [];
      if (result.error !== undefined || childUpserts.length === 0) continue;
      upserts.push(...childUpserts);
      world = withUpserts(world, childUpserts);
      made.push(result.value);
    }
    // The children are records of their own now: the parent keeps no copy of them, and the answer shows them with their ids.
    delete stored[name];
    if (Object.hasOwn(shown, name)) shown[name] = made;
  }
  const changes = { ...answer.changes, upserts: upserts.map((upsert) => (upsert === parent ? { ...parent, fields: stored } : upsert)) };
  return { ...answer, value: isRecord(answer.value) ? shown : answer.value, changes };
}

/** The single create of the type a list argument names by its plural (`issues` → `create_issue`), or null. */
function childCreate(input: AnswerInput, name: string, value: unknown): { tool: ToolDefinition; shape: ToolShape } | null {
  if (!Array.isArray(value) || value.length === 0 || !value.every(isRecord)) return null;
  const singular = toSingular(toNormalName(name));
  if (singular === toNormalName(name) || singular === toNormalName(input.shape.entity)) return null;
  const ofType = [...input.shapes.values()].filter((shape) => toNormalName(shape.entity) === singular);
  // Records of their own are read or listed on their own; `add_attendee(email)` and `remove_attendee(email)` keep none.
  const kept = ofType.some(
    (shape) => (shape.operation === 'read' && shape.idArgument !== null) || shape.operation === 'list' || shape.operation === 'search',
  );
  if (!kept) return null;
  for (const tool of input.serverTools) {
    const shape = input.shapes.get(tool.name);
    if (shape?.operation === 'create' && toNormalName(shape.entity) === singular && tool.name !== input.tool.name && !takesList(tool))
      return { tool, shape };
  }
  return null;
}

/** Whether a create takes its records as a list (`create_issues(issues)`): the one-record create is the one to call. */
function takesList(tool: ToolDefinition): boolean {
  const properties = isRecord(tool.inputSchema.properties) ? Object.values(tool.inputSchema.properties) : [];
  return properties.some(
    (schema) => isRecord(schema) && schema.type === 'array' && isRecord(schema.items) && schema.items.type === 'object',
  );
}

/**
 * The field a child keeps its parent's id in, as the server's tools spell it (`projectId` in
 * `create_issues`' items), else in the spelling of the server's other id arguments.
 */
function parentField(input: AnswerInput): string {
  const wanted = `${toNormalName(input.shape.entity)}id`;
  const names = input.serverTools.flatMap((tool) => propertyNames(tool.inputSchema, 0));
  const spelled = names.find((name) => toNormalName(name) === wanted);
  if (spelled !== undefined) return spelled;
  const camel = names.some((name) => /[a-z]Id$/.test(name));
  return camel ? `${input.shape.entity.replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase())}Id` : `${input.shape.entity}_id`;
}

function propertyNames(schema: unknown, depth: number): string[] {
  if (!isRecord(schema) || depth > 3) return [];
  const properties = isRecord(schema.properties) ? schema.properties : {};
  return [
    ...Object.keys(properties),
    ...Object.values(properties).flatMap((inner) => propertyNames(inner, depth + 1)),
    ...propertyNames(schema.items, depth + 1),
  ];
}

function withUpserts(world: WorldState, upserts: Upserts): WorldState {
  const entities = { ...world.entities };
  for (const { type, id, fields } of upserts) entities[type] = { ...(entities[type] ?? {}), [id]: fields };
  return { ...world, entities };
}
