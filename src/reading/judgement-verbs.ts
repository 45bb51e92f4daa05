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
import { toCommonPrefix } from './tool-name.js';

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
