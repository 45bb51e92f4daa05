/**
 * A tool named by a bare noun that picks a view of its resource by an argument reads it:
 * `news(action: list | detail | rss)`, `traces(action: search | aggregate | services)`,
 * `hl_whale(action: positions | events | directions)`. Many MCP servers keep one tool per resource
 * and dispatch on an `action` argument, as JSON-RPC services name a method per call; where the
 * argument's values are verbs that write (`create`, `delete`), each is a choice of its own
 * (tool-dispatch.ts), but where none writes, the values name views of the resource (a history, the
 * latest, the top ones, a detail): what REST serves as one collection's GET with a `view` or `type`
 * parameter (Google's API design guide, AIP-157). Such a tool lists, or searches where one of its
 * views is a search. A value the service computes (`usage`, `weather`) stays one (described-returns.ts).
 *
 * Pure: the same tool gives the same reading.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { computedValueWord } from './described-returns.js';
import { dispatchArguments } from './tool-dispatch.js';
import { propertiesOf, requiredOf } from './tool-id-argument.js';
import { parseToolName } from './tool-name.js';
import type { ToolOperation } from './tool-verbs.js';

/** The operations a view may read as: a value that reads as none of them writes or acts. */
const viewOperations: ReadonlySet<ToolOperation> = new Set(['read', 'list', 'search']);

/**
 * The read a verbless tool's required view argument says it makes, or null: `search` where a view
 * is a search, `list` otherwise; null where a value writes or acts, or the tool answers a computed value.
 *
 * @example
 *   viewedOperation({ name: 'news', inputSchema: { type: 'object', properties: { action: { type: 'string', enum: ['list', 'detail', 'rss'] } }, required: ['action'] } }); // 'list'
 *   viewedOperation({ name: 'guide', inputSchema: { type: 'object', properties: { action: { type: 'string', enum: ['api_key', 'upgrade'] } }, required: ['action'] } }); // null
 */
export function viewedOperation(tool: ToolDefinition): ToolOperation | null {
  const properties = propertiesOf(tool);
  const required = requiredOf(tool);
  const argument = dispatchArguments.find((name) => required.has(name) && Array.isArray(properties[name]?.enum));
  if (argument === undefined || computedValueWord(tool) !== null) return null;
  const values = (properties[argument]!.enum as unknown[]).filter((value): value is string => typeof value === 'string');
  if (values.length < 2) return null;
  const operations = values.map((value) => parseToolName(value, null).meaning?.operation);
  if (operations.some((operation) => operation !== undefined && !viewOperations.has(operation))) return null;
  return operations.includes('search') ? 'search' : 'list';
}
