/**
 * The number a scale tool sets: a tool that scales, resizes or sets the count of what a record runs
 * (`resources_scale(name, scale: 5)`, `scale_service(service, replicas)`, `resize_cluster(node_count)`,
 * `set_instance_count(app, count)`) takes the new count, not a field of its own called `scale`. The
 * count is the record's replicas, instances or nodes (scaled-count.ts, in the simulator, finds the
 * field that holds it). Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { isControlArgument, isPagingArgument, toNormalName } from '../domain/world-query.js';
import { toWords } from './entity-words.js';
import { propertiesOf } from './tool-id-argument.js';

/** Names of what a record counts of the copies it runs, as services spell the field (normalised). */
export const countNames: ReadonlySet<string> = new Set([
  'replicas',
  'replicacount',
  'instances',
  'instancecount',
  'nodecount',
  'nodes',
  'workers',
  'workercount',
  'desiredcount',
  'desiredcapacity',
  'capacity',
  'count',
  'size',
  'scale',
]);

/** The words that name a scale: the verbs, and `set … count`. */
const scaleVerbs = new Set(['scale', 'resize']);

/**
 * The argument that carries a scale tool's new count, or null where the tool is no scale tool or takes no count.
 *
 * @example
 *   toScaleArgument(resourcesScale); // 'scale'
 *   toScaleArgument(resizeCluster); // 'node_count'
 */
export function toScaleArgument(tool: Pick<ToolDefinition, 'name' | 'inputSchema'>): string | null {
  const words = toWords(tool.name);
  const scales = words.some((word) => scaleVerbs.has(word)) || (words.includes('set') && words.at(-1) === 'count');
  if (!scales) return null;
  const numbers = Object.entries(propertiesOf(tool))
    .filter(
      ([name, schema]) => (schema.type === 'integer' || schema.type === 'number') && !isControlArgument(name) && !isPagingArgument(name),
    )
    .map(([name]) => name);
  const named = numbers.find((name) => countNames.has(toNormalName(name)));
  return named ?? (numbers.length === 1 ? numbers[0]! : null);
}
