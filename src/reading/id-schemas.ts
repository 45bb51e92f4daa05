/**
 * The schemas of the arguments that take an entity's id, which the format of a new id is learned
 * from (id-format.ts): the service model keeps them per type (read-server.ts).
 */
import { toWords } from './entity-words.js';
import type { ToolDefinition } from '../domain/registry.js';
import type { ToolShape } from './tool-shape.js';

/** The `pattern`s and descriptions of the arguments that take an entity's id. */
export interface IdSchemas {
  patterns: string[];
  descriptions: string[];
  /** The id format of the well-known service the server is (service-id-formats.ts), or null: the last clue before a made-up id. */
  service?: string | null;
}

/**
 * The schemas of the arguments that take an entity's id: the id arguments of its reads, updates
 * and deletes, and `<entity>_id`/`<entity>_key` arguments of any tool.
 *
 * @example
 *   toIdSchemas(tools, inferServerShapes(tools), 'issue'); // { patterns: ['^[A-Z]+-\\d+$'], descriptions: ['The issue key, e.g. OPS-123'] }
 */
export function toIdSchemas(tools: readonly ToolDefinition[], shapes: ReadonlyMap<string, ToolShape>, entity: string): IdSchemas {
  const patterns = new Set<string>();
  const descriptions: string[] = [];
  const add = (schema: unknown) => {
    if (schema === null || typeof schema !== 'object') return;
    const { pattern, description, examples, format } = schema as Record<string, unknown>;
    if (typeof pattern === 'string') patterns.add(pattern);
    // `format: uuid` (Notion's user_id) is a pattern all the same: a new id must pass it.
    if (format === 'uuid') patterns.add(uuidPattern);
    if (typeof description === 'string') descriptions.push(description);
    if (Array.isArray(examples)) descriptions.push(examples.filter((example) => typeof example === 'string').join(' '));
  };
  for (const tool of tools) {
    const properties = (tool.inputSchema.properties ?? {}) as Record<string, unknown>;
    const shape = shapes.get(tool.name);
    const choices = shape?.dispatch ? Object.values(shape.dispatch.choices) : shape ? [shape] : [];
    for (const choice of choices) {
      if (choice.entity === entity && choice.idArgument !== null && choice.operation !== 'create') add(properties[choice.idArgument]);
      // "Returns the new client with its id (e.g. cl_8f3k2)", "Each service has an id like PSVC12A": a tool's
      // own words about its entity's ids, in whatever tool of the entity says them.
      if (choice.entity === entity) descriptions.push(...idSentences(tool.description ?? '', entity));
    }
    for (const [name, schema] of Object.entries(properties)) {
      const words = toWords(name);
      const last = words[words.length - 1];
      if (words.length > 1 && (last === 'id' || last === 'key') && words.slice(0, -1).join('_') === entity) add(schema);
      // `thread_ts`: "The timestamp of the parent message" takes a message's id.
      else if (idWords.has(last ?? '') && describesIdOf(schema, entity)) add(schema);
    }
  }
  return { patterns: [...patterns], descriptions };
}

/** The sentences of a description that speak of the entity's id: where an example of it is one. */
function idSentences(description: string, entity: string): string[] {
  const words = entity.split('_');
  return description
    .split(/(?<=[.!?])\s+(?=[A-Z])/)
    .filter(
      (sentence) => /\b(?:id|ids|identifier)\b/i.test(sentence) && words.every((word) => new RegExp(`\\b${word}`, 'i').test(sentence)),
    );
}

const uuidPattern = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

/** Last words of arguments that hold an id of something. */
const idWords = new Set(['id', 'key', 'ts', 'timestamp', 'number', 'uuid', 'gid']);

/** Whether an argument's description says it holds the id of an entity of this type: "The timestamp of the parent message". */
function describesIdOf(schema: unknown, entity: string): boolean {
  const description = (schema as { description?: unknown } | null)?.description;
  if (typeof description !== 'string') return false;
  return new RegExp(
    `\\b(?:id|identifier|timestamp|ts|key|number) of (?:the |a |an )?(?:parent |original )?${entity.replace(/_/g, ' ')}\\b`,
    'i',
  ).test(description);
}
