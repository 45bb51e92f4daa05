/**
 * A tool named by a bare noun that picks a view of its resource by an argument reads it:
 * `news(action: list | detail | rss)`, `traces(action: search | aggregate | services)`,
 * `hl_whale(action: positions | events | directions)`. Many MCP servers keep one tool per resource
 * and dispatch on an `action` argument, as JSON-RPC services name a method per call; where the
 * argument's values are verbs that write (`create`, `delete`), each is a choice of its own
 * (tool-dispatch.ts), but where none writes, the values name views of the resource (a history, the
 * latest, the top ones, a detail): what REST serves as one collection's GET with a `view` or `type`
 * parameter (Google's API design guide, AIP-157). Such a tool lists, or searches where one of its
 * views is a search. A value that is a gesture or action (`click`, `reload`) is no view. A value the service computes (`usage`, `weather`) stays one (described-returns.ts).
 *
 * Pure: the same tool gives the same reading.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { computedValueWord } from './described-returns.js';
import { dispatchArguments } from './tool-dispatch.js';
import { isGestureVerb } from './gesture-verbs.js';
import { findIdArgument, propertiesOf, requiredOf } from './tool-id-argument.js';
import { readsDetails } from './tool-kind-words.js';
import { parseToolName } from './tool-name.js';
import type { ToolShape } from './tool-shape.js';
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
  // `interact(action: click | hover)`, `metro(action: prepare | reload)`: a value that does something picks no view (gesture-verbs.ts).
  if (values.some(isGestureVerb)) return null;
  const operations = values.map((value) => parseToolName(value, null).meaning?.operation);
  if (operations.some((operation) => operation !== undefined && !viewOperations.has(operation))) return null;
  return operations.includes('search') ? 'search' : 'list';
}

/**
 * `news(action: list | detail, id)`: the view that names one thing (`detail`, `info`, `get`) reads
 * the one its id argument names, as a resource's Get beside its List; every other view answers as
 * the tool does. Null where no view names one, or no argument names the entity.
 *
 * @example
 *   findViewDispatch(newsTool, newsShape, propertiesOf(newsTool), new Set()); // { argument: 'action', choices: { list: list news, detail: read news by id, rss: list news } }
 */
export function findViewDispatch(tool: ToolDefinition, shape: ToolShape, entities: ReadonlySet<string>): ToolShape['dispatch'] {
  const properties = propertiesOf(tool);
  const argument = dispatchArguments.find((name) => requiredOf(tool).has(name) && Array.isArray(properties[name]?.enum));
  if (argument === undefined || (shape.operation !== 'list' && shape.operation !== 'search')) return null;
  const found = findIdArgument('read', shape.entity.split('_'), properties, new Set(), entities);
  if (found === null || !found.strong) return null;
  const values = (properties[argument]!.enum as unknown[]).filter((value): value is string => typeof value === 'string');
  const one = values.filter((value) => readsDetails(value) || parseToolName(value, null).meaning?.operation === 'read');
  if (one.length === 0) return null;
  const read: ToolShape = { ...shape, operation: 'read', idArgument: found.name, idField: found.field, strict: true, dispatch: null };
  const view: ToolShape = { ...shape, dispatch: null };
  return { argument, choices: Object.fromEntries(values.map((value) => [value, one.includes(value) ? read : view])) };
}
