/**
 * A read or an update of one aspect of an entity acts on that entity (`get_dashboard_summary(uid)`
 * reads a dashboard, `update_list_position(listId, position)` updates a list): where the name puts
 * another tool's entity right before the aspect, the tool's required arguments name that entity
 * (or a bare `id`), and nothing names the aspect by an id of its own (`get_pipeline_step(step_id)`
 * reads a step). The aspect is one word: a compound is more often a type the service names. Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { toFullWord, toSingular, toWords } from './entity-words.js';
import { toIdStem } from './id-stem.js';
import { propertiesOf, requiredOf } from './tool-id-argument.js';
import type { ToolShape } from './tool-shape.js';

/**
 * The owner whose aspect a tool reads or updates, or null.
 *
 * @example
 *   toAspectOwner({ ...shape, operation: 'read', entity: 'summary' }, getDashboardSummary, new Set(['dashboard'])); // 'dashboard'
 */
export function toAspectOwner(shape: ToolShape, tool: ToolDefinition, entities: ReadonlySet<string>): string | null {
  // A compound after the owner is more often a type the service names (`branching_model`, `approval_state`).
  if ((shape.operation !== 'read' && shape.operation !== 'update') || shape.dispatch || shape.entity.includes('_')) return null;
  if (entities.has(shape.entity) || madeThings.has(shape.entity)) return null;
  const aspect = [shape.entity];
  const words = toWords(tool.name).map((word) => toFullWord(toSingular(word)));
  const at = [...words.keys()].find((index) => index > 0 && aspect.every((part, offset) => words[index + offset] === part)) ?? -1;
  if (at === -1) return null;
  // The longest run of words before the aspect that is another tool's entity (`merge_request`, `list`).
  const owner = [...Array(at).keys()].map((start) => words.slice(start, at).join('_')).find((candidate) => entities.has(candidate));
  if (owner === undefined || owner === shape.entity) return null;
  const stems = Object.keys(propertiesOf(tool)).map(toIdStem);
  if (stems.some((stem) => stem.name === shape.entity && stem.suffix !== null)) return null;
  const ownerLast = owner.split('_').at(-1)!;
  const named = [...requiredOf(tool)]
    .map(toIdStem)
    .some(({ name, suffix }) => (suffix === null ? bareIds.has(name) : name === owner || name === ownerLast));
  return named ? owner : null;
}

/** Arguments that name the one thing acted on without saying what it is. */
const bareIds = new Set(['id', 'uid', 'uuid', 'gid', 'identifier']);
/** Things a service computes from an entity and answers as a thing of their own (a pull request's diff or patch), never one of its aspects. */
const madeThings = new Set(['diff', 'patch']);
