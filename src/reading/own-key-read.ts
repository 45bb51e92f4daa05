/**
 * `get_predictions(prediction_id)`, `get_models(model_owner, model_name)`, `pods_get(name)`: a tool name's plural is
 * often the REST collection its call's path starts with (`GET /predictions/{prediction_id}`, `GET /api/v1/pods/{name}`;
 * Google's API design guide, AIP-131, gives the standard Get the one resource's name), so the noun's number says nothing
 * about how many the read answers: its arguments do. A read given the key of one of its own entity (`prediction_id`,
 * `collection_slug`, `model_name`), and no page size, offset or cursor, reads that one; a list is never keyed by one
 * of its own members. The key must be required, unless the schema marks nothing required at all (then it says nothing
 * of what is needed): an optional key beside required arguments filters, or belongs to another mode of the tool
 * (`jira_workflow(action, issueKey, transitionId?)`). A bare required `name` or `id` says the same where the name puts its method last, after the
 * collection (`pods_get(name)`, `resources_get(kind, name)`), as resource-first APIs name a Get.
 *
 * Pure: the same tool and entity give the same answer.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { toSingular, toWords } from './entity-words.js';
import { propertiesOf, requiredOf } from './tool-id-argument.js';
import { pagingArgument } from './paged-read.js';

/** The last word of an argument that keys one resource. */
const keyWords = new Set(['id', 'key', 'slug', 'name', 'uid', 'uuid']);

/**
 * The argument that keys the one `entity` a plural read answers, or null.
 *
 * @example
 *   ownKeyArgument({ name: 'get_predictions', inputSchema: { type: 'object', properties: { prediction_id: { type: 'string' } } } }, 'prediction', 'get'); // 'prediction_id'
 *   ownKeyArgument({ name: 'pods_get', inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } }, 'pod', 'get'); // 'name'
 *   ownKeyArgument({ name: 'get_pods', inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } }, 'pod', 'get'); // null
 */
export function ownKeyArgument(tool: ToolDefinition, entity: string, verb: string | null): string | null {
  if (pagingArgument(tool) !== null) return null;
  const properties = propertiesOf(tool);
  const scalar = (name: string) => properties[name]?.type !== 'array' && properties[name]?.type !== 'object';
  const noun = entity.split('_').at(-1);
  const required = requiredOf(tool);
  const keyed = (name: string) => required.size === 0 || required.has(name);
  const own = Object.keys(properties).find((name) => {
    const words = toWords(name);
    return words.length === 2 && toSingular(words[0]!) === noun && keyWords.has(words[1]!) && scalar(name) && keyed(name);
  });
  if (own !== undefined) return own;
  const methodLast = verb !== null && toWords(tool.name).at(-1) === verb;
  if (!methodLast) return null;
  return [...required].find((name) => (name === 'name' || name === 'id') && scalar(name)) ?? null;
}
