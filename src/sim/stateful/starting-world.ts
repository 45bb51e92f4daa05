/**
 * The world a new mock of a registry server starts from, so that its first calls find something:
 * the authenticated user (for a tool such as `get_me`, `whoami` or `get-self`) and one entity of
 * each kind of thing the server keeps a collection of (what its create or list tools act on).
 * Derived from the tools alone, deterministic: ids in the format the tools' schemas and examples
 * show (id-format.ts), names and other required text from faker by field (field-value.ts). A
 * scenario's own world replaces it.
 */
import { toPlural } from '../../reading/entity-words.js';
import { toStartingIds } from '../../reading/starting-ids.js';
import { toStringValue } from './field-value.js';
import type { WorldState } from '../../domain/memory-log.js';
import type { ToolDefinition } from '../../domain/registry.js';
import type { ServiceModel } from '../../reading/read-server.js';

/** The one person a mock's current-user read answers (`get_me`, `whoami`), seeded or not. */
export const currentUser = { login: 'ada', name: 'Ada Lovelace', email: 'ada@example.com' };

/**
 * The starting world of a new mock connection, from its server's service model (read with the
 * server's names and the connection's corrections, as the simulator reads it).
 *
 * @example
 *   toStartingWorld(readServer(githubTools, { serverNames: ['@github/github-mcp-server', 'GitHub'] }), now).entities;
 *   // { me: { default: { login: 'ada', ... } }, repository: { 'repository-1': { id: 'repository-1', name: 'example-repository' } }, issue: { '1': { number: 1, title: 'Example issue', ... } }, ... }
 */
export function toStartingWorld(model: ServiceModel, now: string): WorldState {
  const { tools, shapes: byTool } = model;
  const entities: WorldState['entities'] = {};
  const facts: string[] = [];
  for (const tool of tools) {
    const shape = byTool.get(tool.name);
    if (shape && model.kindOf(tool.name).kind === 'current user') entities[shape.entity] = { default: { id: 'default', ...currentUser } };
  }
  for (const { entity, id, shape: first } of toStartingIds(model)) {
    const create = [...byTool.values()].find((shape) => shape.operation === 'create' && shape.entity === entity);
    // A list or create that took its field from a tool naming the type by another key (`get_user(username)`) says nothing of its id.
    const keys = model.keysOf(entity);
    const idField = keys.keys.some((key) => key.field === first.idField) ? keys.idField : first.idField;
    const fields: Record<string, unknown> = {
      ...toExampleFields(model, entity, create ? tools.find((tool) => tool.name === create.tool) : undefined, now),
      [idField]: first.numericId ? 1 : id,
    };
    for (const [field, value] of Object.entries(create?.sets ?? {})) fields[field] ??= value;
    entities[entity] = { [id]: fields };
    facts.push(toExampleFact(entity, id));
  }
  return { entities, facts };
}

const examplePattern = /^Example (\w+) ("(?:[^"\\]|\\.)*") was made up from the server's tools/;

/**
 * The fact that marks an entity of the starting world as a made-up example: a call may name
 * others of its type (a real channel id), so the simulator does not hold them to it
 * (docs/simulator.md, "Parents and sub-entities").
 */
export function toExampleFact(type: string, id: string): string {
  return `Example ${type} ${JSON.stringify(id)} was made up from the server's tools; calls may name ${toPlural(type).replace(/_/g, ' ')} it does not hold.`;
}

/**
 * The ids of a type that the starting world made up as examples (from its facts).
 *
 * @example
 *   exampleIds({ entities: {}, facts: [toExampleFact('channel', 'C1')] }, 'channel'); // Set { 'C1' }
 */
export function exampleIds(world: WorldState, type: string): Set<string> {
  const ids = new Set<string>();
  for (const fact of world.facts) {
    if (!fact.startsWith('Example ')) continue;
    const match = examplePattern.exec(fact);
    if (match?.[1] === type) ids.add(JSON.parse(match[2]!) as string);
  }
  return ids;
}

/** A name in the type's name field (the service model's, as explain shows it), and a plausible value for each string its create tool requires. */
function toExampleFields(model: ServiceModel, entity: string, create: ToolDefinition | undefined, now: string): Record<string, unknown> {
  const properties = (create?.inputSchema.properties ?? {}) as Record<string, Readonly<Record<string, unknown>>>;
  const required = new Set((create?.inputSchema.required ?? []) as string[]);
  const value = (name: string, schema: Readonly<Record<string, unknown>>) =>
    toStringValue(schema, { name, entity, seed: `start|${entity}|${name}`, now });
  const label = model.idTraitsOf(entity).nameField;
  const fields: Record<string, unknown> = { [label]: value(label, properties[label] ?? { type: 'string' }) };
  for (const [name, schema] of Object.entries(properties)) {
    if (!required.has(name) || schema.type !== 'string' || Object.hasOwn(fields, name)) continue;
    fields[name] = /email/i.test(name)
      ? currentUser.email
      : /owner|user|author|login|assignee/i.test(name)
        ? currentUser.login
        : value(name, schema);
  }
  return fields;
}
