/**
 * A record shows the links that join it to others (Jira's `issuelinks` on an issue, a task's
 * `links`): the join records a link tool made (`issue_link`, reading/link-records.ts) that name the
 * record's id in any field, on both records they join. The read answers from a view of the world
 * with them in place; the world itself keeps each join once.
 */
import type { WorldState } from '../../domain/memory-log.js';
import type { ToolDefinition } from '../../domain/registry.js';
import type { AnswerInput } from './world-conventions.js';

/** A field the tools' descriptions quote for a record's links (`'issuelinks' field of an issue`). */
const quotedLinks = /['"`](\w*links)['"`]/i;

/**
 * The input with the read's records showing their links, or the input as it was when the world
 * holds no join of the type.
 *
 * @example
 *   withShownLinks(input).world.entities.issue['SHOP-12'].issuelinks; // [{ id, inwardIssueKey: 'SHOP-12', outwardIssueKey: 'MOB-4', linkType }]
 */
export function withShownLinks(input: AnswerInput): AnswerInput {
  const { world, shape } = input;
  const joins = ['link', 'relation'].flatMap((noun) => Object.entries(world.entities[`${shape.entity}_${noun}`] ?? {}));
  const records = world.entities[shape.entity];
  if (joins.length === 0 || records === undefined) return input;
  const field = linksField(input.serverTools);
  const shown: WorldState['entities'][string] = {};
  for (const [id, fields] of Object.entries(records)) {
    const own = new Set([id, ...['key', 'id'].map((name) => fields[name]).filter((value) => typeof value === 'string')]);
    const links = joins.filter(([, join]) => Object.values(join).some((value) => typeof value === 'string' && own.has(value)));
    shown[id] = links.length === 0 ? fields : { ...fields, [field]: links.map(([linkId, join]) => ({ id: linkId, ...join })) };
  }
  return { ...input, world: { ...world, entities: { ...world.entities, [shape.entity]: shown } } };
}

function linksField(tools: readonly ToolDefinition[]): string {
  for (const tool of tools) {
    const found = quotedLinks.exec(tool.description ?? '');
    if (found) return found[1]!;
  }
  return 'links';
}
