/**
 * Who a described record is assigned to: `ENG-101 "…", In Progress, assigned to Jonas Weber` or
 * `(assignee Mia)`. Trackers (Jira, Linear, YouTrack, GitHub, Azure DevOps) keep the person a work
 * item is assigned to under an argument their writes and filters name for the role (`assigneeId`,
 * `assignee`, `assignees`, `assignedTo`, `assignee_login`), so the record keeps the person there
 * as that argument asks: the user's id where it names an id (the user a current-user read answers
 * where the name is the caller's, `me` too, else one of the same first name, else a new user of
 * that type), the login or email where it names one, else the name; a list argument holds one.
 * Pure but for the entities it fills.
 */
import type { WorldState } from '../domain/memory-log.js';
import { toNormalName } from '../domain/world-query.js';
import { toCallerType } from './described-caller.js';
import type { ServiceModel } from './read-server.js';

type Model = Pick<ServiceModel, 'entityTypes' | 'tools' | 'shapes' | 'idTraitsOf'>;
type Schema = Record<string, unknown>;

/** `assigned to Jonas Weber`, `assignee: mia@acme.dev`, `assigned Mia`: the person after the role's words. */
const assigned =
  /^(?:assigned\s+to|assigned|assignee)\s*:?\s+(me|[\p{Lu}][\p{L}'’.-]*(?:\s+[\p{Lu}][\p{L}'’.-]*){0,3}|[^\s@,;]+@[^\s@,;]+)$/u;

/**
 * Gives each described record the person its details assign it to, under the argument its type's tools take for the assignee.
 *
 * @example
 *   linkAssignees(model, entities, detailsOf, newId); // issue ENG-101 gains assigneeId: <Jonas Weber's user id>
 */
export function linkAssignees(
  model: Model,
  entities: WorldState['entities'],
  detailsOf: ReadonlyMap<Record<string, unknown>, string>,
  newId: (type: string) => string,
): void {
  for (const [type, records] of Object.entries(entities)) {
    let field: { name: string; schema: Schema } | null | undefined;
    for (const record of Object.values(records)) {
      const person = personOf(detailsOf.get(record));
      if (person === undefined) continue;
      field ??= assigneeField(model, type);
      if (field === null || Object.hasOwn(record, field.name)) continue;
      const value = valueFor(model, entities, field, person, newId);
      if (value === undefined) continue;
      record[field.name] = isList(field.schema) ? [value] : value;
    }
  }
}

function personOf(details: string | undefined): string | undefined {
  for (const piece of (details ?? '').split(/\s*[,;]\s*/)) {
    const person = assigned.exec(piece.trim())?.[1];
    if (person !== undefined) return person;
  }
  return undefined;
}

/** The argument the type's writes (else any of its tools) take for its assignee: an id one first. */
function assigneeField(model: Model, type: string): { name: string; schema: Schema } | null {
  const found: { name: string; schema: Schema; write: boolean }[] = [];
  for (const tool of model.tools) {
    const shape = model.shapes.get(tool.name);
    if (shape?.entity !== type) continue;
    const write = shape.operation === 'create' || shape.operation === 'update';
    collect(tool.inputSchema, 0, (name, schema) => found.push({ name, schema, write }));
  }
  const rank = (candidate: (typeof found)[number]) => (candidate.write ? 0 : 2) + (/ids?$/.test(toNormalName(candidate.name)) ? 0 : 1);
  const best = found.sort((left, right) => rank(left) - rank(right))[0];
  return best === undefined ? null : { name: best.name, schema: best.schema };
}

/** Properties named for the assignee's role (`assigneeId`, `assignees`, `assigned_to`), at any depth of a schema. */
function collect(schema: unknown, depth: number, found: (name: string, schema: Schema) => void): void {
  if (typeof schema !== 'object' || schema === null || depth > 6) return;
  const properties = (schema as { properties?: unknown }).properties;
  if (typeof properties === 'object' && properties !== null)
    for (const [name, inner] of Object.entries(properties as Record<string, Schema>))
      if (/^(?:assignees?|assignedto)(?:ids?|logins?|usernames?|emails?|names?)?$/.test(toNormalName(name))) found(name, inner);
  for (const value of Object.values(schema)) collect(value, depth + 1, found);
}

/**
 * The person as the argument names them: the user's id, login or email (by the argument's name, else its description:
 * GitHub's `assignees` "Usernames to assign"), else the name written; nothing for `me` where the world holds nobody.
 */
function valueFor(
  model: Model,
  entities: WorldState['entities'],
  field: { name: string; schema: Schema },
  person: string,
  newId: (type: string) => string,
): unknown {
  const normal = toNormalName(field.name);
  const described = typeof field.schema.description === 'string' ? field.schema.description : '';
  const wantsId = /ids?$/.test(normal);
  const userType = toCallerType(model);
  const user = userType === null ? undefined : findUser(model, entities, userType, person, wantsId ? newId : undefined);
  if (user === undefined) return person === 'me' ? undefined : person;
  const idField = model.entityTypes.get(userType!)?.idField ?? 'id';
  if (wantsId) return user[idField] ?? person;
  const wantsLogin = /(?:login|username)s?$/.test(normal) || /\b(?:user\s?names?|logins?)\b/i.test(described);
  if (/emails?$/.test(normal) || (!wantsLogin && /\be-?mails?\b/i.test(described))) return user.email ?? person;
  if (wantsLogin) return user.login ?? user.username ?? person;
  return user[model.idTraitsOf(userType!).nameField] ?? user.name ?? person;
}

/**
 * The user the words name: `me` or the first user for the caller, one of that name, email or login, else the one whose first
 * name it is; seeded where `newId` is given and none is found.
 */
function findUser(
  model: Model,
  entities: WorldState['entities'],
  userType: string,
  person: string,
  newId: ((type: string) => string) | undefined,
): Record<string, unknown> | undefined {
  const users = Object.values(entities[userType] ?? {});
  const label = model.idTraitsOf(userType).nameField;
  if (person === 'me') return users[0];
  const nameOf = (user: Record<string, unknown>) => String(user[label] ?? user.name ?? '');
  const exact = users.find((user) => nameOf(user) === person || user.email === person || user.login === person || user.username === person);
  if (exact !== undefined) return exact;
  const first = users.filter((user) => nameOf(user).split(/\s+/)[0] === person);
  if (first.length === 1) return first[0];
  if (newId === undefined || person.includes('@')) return undefined;
  const idField = model.entityTypes.get(userType)?.idField ?? 'id';
  const id = newId(userType);
  const user = { [idField]: id, [label]: person };
  (entities[userType] ??= {})[id] = user;
  return user;
}

function isList(schema: Schema): boolean {
  return ([] as unknown[]).concat(schema.type ?? []).includes('array');
}
