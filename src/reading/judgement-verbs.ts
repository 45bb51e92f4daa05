/**
 * Tools named for a judgement the service makes (`analyze_jira_issues`, `check_iam_permissions`,
 * `detect_quick_wins`, `mcp_analyze_schema`): they answer what the service concluded about the
 * things they are given (a finding, a yes or no, a list of suggestions), one value computed on
 * the call, which no entity of the world keeps, whatever noun follows the verb.
 *
 * Pure: the same tool and server tools give the same word.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { toWords } from './entity-words.js';
import { propertiesOf, requiredOf } from './tool-id-argument.js';
import { toCommonPrefix } from './tool-name.js';
import type { ToolShape } from './tool-shape.js';

/** Verbs that ask the service for a judgement rather than for a thing it keeps. */
const judgementVerbs = new Set(['analyze', 'analyse', 'check', 'detect']);
/** `check_in`, `check_out`: a booking's or a hotel's step, not a judgement. */
const phrasalTails = new Set(['in', 'out']);

/**
 * The judgement verb a tool's name starts with (after the server's common prefix), or null.
 *
 * @example
 *   judgementVerb({ name: 'check_iam_permissions', inputSchema: { type: 'object' } }, []); // 'check'
 *   judgementVerb({ name: 'get_check_runs', inputSchema: { type: 'object' } }, []); // null
 */
export function judgementVerb(tool: Pick<ToolDefinition, 'name'>, serverTools: readonly Pick<ToolDefinition, 'name'>[]): string | null {
  const words = toWords(tool.name);
  const start = words.length > 1 && words[0] === toCommonPrefix(serverTools) ? 1 : 0;
  const verb = words[start];
  if (verb === undefined || !judgementVerbs.has(verb) || phrasalTails.has(words[start + 1] ?? '')) return null;
  return verb;
}

/** Last words of an argument that names one thing (`container_id`, `bucket_name`, `repoKey`). */
const namingWords = new Set(['id', 'uid', 'uuid', 'key', 'name', 'identifier']);

/**
 * A judgement's shape with the thing it judges as its id: the first required argument that names one
 * (`check_iam_permissions(bucket_name, permissions)` judges the bucket, `analyze_schema(container_id)` the container),
 * when its reading found none. Never strict: the simulator answers the judgement, not a read of that thing.
 *
 * @example
 *   withJudgedArgument(shapes.get('check_iam_permissions')!, tool, tools).idArgument; // 'bucket_name'
 */
export function withJudgedArgument(shape: ToolShape, tool: ToolDefinition, serverTools: readonly ToolDefinition[]): ToolShape {
  if (shape.idArgument !== null || shape.basis === 'override' || judgementVerb(tool, serverTools) === null) return shape;
  const properties = propertiesOf(tool);
  const required = requiredOf(tool);
  const judged = Object.keys(properties).find((name) => {
    const type = properties[name]?.type;
    return (
      required.has(name) && (type === 'string' || type === 'integer') && toWords(name).length > 1 && namingWords.has(toWords(name).at(-1)!)
    );
  });
  if (judged === undefined) return shape;
  const suffix = toWords(judged).at(-1)!;
  return { ...shape, idArgument: judged, idField: suffix === 'uuid' ? 'id' : suffix, numericId: properties[judged]?.type === 'integer' };
}
