/**
 * An action that applies one entity to another, read from its description: `apply_macro(ticket_id,
 * macro_id)` "Apply a macro to a ticket." acts on the ticket (it changes), with the macro as what
 * it applies; neither is the other's parent. The name alone cannot tell (`apply_macro` names the
 * macro), nor can the order of the arguments: the description's "<one> to <other>" does. Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { toFullWord, toSingular, toWords } from './entity-words.js';
import { propertiesOf } from './tool-id-argument.js';
import type { ToolShape } from './tool-shape.js';

/** An argument that names one entity of the server by its id (`ticket_id` names a ticket). */
interface NamedEntity {
  argument: string;
  entity: string;
}

/** The two arguments of an applying action: the entity it acts on and the one it applies, or null. */
export interface AppliedAction {
  target: NamedEntity;
  applied: NamedEntity;
}

const idSuffixes = new Set(['id', 'uuid', 'gid', 'key', 'number']);
const articles = '(?:a|an|the|one|this|that|each|every|some)\\s+';

/**
 * The applying action `tool` is, or null: an action (no create, read, list, update or delete)
 * whose arguments name two of the server's entities by id, and whose description says the one
 * goes to (or onto) the other ("Apply a macro to a ticket", "Attach the policy to a role").
 *
 * @example
 *   toAppliedAction(applyMacro, shape, entities); // { target: { argument: 'ticket_id', entity: 'ticket' }, applied: { argument: 'macro_id', entity: 'macro' } }
 */
export function toAppliedAction(tool: ToolDefinition, shape: ToolShape, entities: ReadonlySet<string>): AppliedAction | null {
  if (shape.operation !== 'other' || typeof tool.description !== 'string') return null;
  const named = namedEntities(tool, entities);
  if (named.length !== 2) return null;
  const sentence = tool.description.toLowerCase();
  for (const [applied, target] of [
    [named[0]!, named[1]!],
    [named[1]!, named[0]!],
  ] as const) {
    const phrase = new RegExp(
      `\\b${articles}?${words(applied.entity)}s?\\b[^.;]*?\\b(?:to|onto|on)\\s+${articles}?${words(target.entity)}s?\\b`,
    );
    if (phrase.test(sentence)) return { target, applied };
  }
  return null;
}

/** The arguments whose name is an entity's words and an id suffix (`ticket_id`, `macroId`). */
function namedEntities(tool: ToolDefinition, entities: ReadonlySet<string>): NamedEntity[] {
  const found: NamedEntity[] = [];
  for (const argument of Object.keys(propertiesOf(tool))) {
    const parts = toWords(argument);
    if (parts.length < 2 || !idSuffixes.has(parts.at(-1)!)) continue;
    const entity = parts
      .slice(0, -1)
      .map((word) => toFullWord(toSingular(word)))
      .join('_');
    if (entities.has(entity) && !found.some((other) => other.entity === entity)) found.push({ argument, entity });
  }
  return found;
}

function words(entity: string): string {
  return entity.split('_').join('[ _-]');
}

/**
 * The shape of an applying action as what it acts on: the target entity by its argument, with the
 * id field and type its other tools give it; any other shape unchanged.
 *
 * @example
 *   withAppliedTarget(shape, applyMacro, shapes); // { operation: 'other', entity: 'ticket', idArgument: 'ticket_id', ... }
 */
export function withAppliedTarget(shape: ToolShape, tool: ToolDefinition, shapes: ReadonlyMap<string, ToolShape>): ToolShape {
  const action = toAppliedAction(tool, shape, new Set([...shapes.values()].map((other) => other.entity)));
  if (action === null) return shape;
  const sibling = [...shapes.values()].find((other) => other.entity === action.target.entity && other.idArgument !== null);
  return {
    ...shape,
    entity: action.target.entity,
    idArgument: action.target.argument,
    idField: sibling?.idField ?? 'id',
    numericId: sibling?.numericId ?? propertiesOf(tool)[action.target.argument]?.type === 'integer',
  };
}
