/**
 * A model's answer to the reading prompt (reading-prompt.ts), turned into the scenario's own
 * correction format (`tools:` and `entities:`, docs/scenarios.md) after checking it against the
 * tools: a proposal naming a tool or argument the server does not have, or a name that is not
 * snake_case, is refused with why; one that says what the rules already read is dropped, so what
 * is left is exactly what the model would change.
 */
import type { ToolDefinition } from '../../domain/registry.js';
import type { EntityCorrection, ToolOverride } from '../../domain/tool-override.js';
import type { ServiceModel } from '../../reading/read-server.js';
import { propertiesOf } from '../../reading/tool-id-argument.js';
import type { ReadingAnswer } from './reading-prompt.js';

/** Corrections in the scenario's format, each with the model's reason, and what was refused. */
export interface ProposedCorrections {
  tools: Record<string, ToolOverride>;
  entities: Record<string, EntityCorrection>;
  /** The model's reason, by tool name or by `entities.<type>`. */
  reasons: Record<string, string>;
  /** Proposals not taken, each with why. */
  refused: string[];
}

const typeName = /^[a-z][a-z0-9_]{0,63}$/;
const maxStates = 12;

/**
 * Checks and merges the model's answers (one per batch of tools), first proposal per tool or type.
 *
 * @example
 *   toProposedCorrections(model, [{ tools: [{ name: 'pod-action', operation: 'update', entity: 'pod', id: 'podId', reason: '…' }], entities: [] }]);
 *   // { tools: { 'pod-action': { operation: 'update' } }, … } when the rules read entity pod and id podId already
 */
export function toProposedCorrections(model: ServiceModel, answers: readonly ReadingAnswer[]): ProposedCorrections {
  const proposed: ProposedCorrections = { tools: {}, entities: {}, reasons: {}, refused: [] };
  const tools = new Map(model.tools.map((tool) => [tool.name, tool]));
  const entityOf = new Map<string, string>([...model.shapes].map(([name, shape]) => [name, shape.entity]));
  for (const answer of answers) {
    for (const tool of answer.tools) {
      if (tool.name in proposed.tools) continue;
      const definition = tools.get(tool.name);
      const shape = model.shapes.get(tool.name);
      if (!definition || !shape) {
        proposed.refused.push(`${tool.name}: the server has no tool of that name`);
        continue;
      }
      if (!typeName.test(tool.entity)) {
        proposed.refused.push(`${tool.name}: entity "${tool.entity}" is not a snake_case type name`);
        continue;
      }
      if (tool.id !== null && !(tool.id in propertiesOf(definition))) {
        proposed.refused.push(`${tool.name}: id "${tool.id}" is not an argument of the tool`);
        continue;
      }
      const correction: ToolOverride = {
        ...(tool.operation === shape.operation ? {} : { operation: tool.operation }),
        ...(tool.entity === shape.entity ? {} : { entity: tool.entity }),
        ...(tool.id === shape.idArgument ? {} : { id: tool.id }),
      };
      if (Object.keys(correction).length === 0) continue;
      proposed.tools[tool.name] = correction;
      proposed.reasons[tool.name] = tool.reason;
      entityOf.set(tool.name, tool.entity);
    }
  }
  for (const answer of answers) {
    for (const entity of answer.entities) {
      if (entity.name in proposed.entities) continue;
      const problem = checkEntity(entity, tools, entityOf);
      if (problem) {
        proposed.refused.push(`entities.${entity.name}: ${problem}`);
        continue;
      }
      const correction = toEntityCorrection(model, entity);
      if (Object.keys(correction).length === 0) continue;
      proposed.entities[entity.name] = correction;
      proposed.reasons[`entities.${entity.name}`] = entity.reason;
    }
  }
  return proposed;
}

type ProposedEntity = ReadingAnswer['entities'][number];

/** Why a proposed type cannot be taken, or null: a known type name, and a parent argument its tools take. */
function checkEntity(
  entity: ProposedEntity,
  tools: ReadonlyMap<string, ToolDefinition>,
  entityOf: ReadonlyMap<string, string>,
): string | null {
  const ownTools = [...entityOf].filter(([, type]) => type === entity.name).map(([name]) => name);
  if (ownTools.length === 0) return 'no tool acts on that type';
  if (!entity.parent) return null;
  if (!typeName.test(entity.parent.type)) return `parent type "${entity.parent.type}" is not a snake_case type name`;
  const argument = entity.parent.argument;
  if (!ownTools.some((name) => argument in propertiesOf(tools.get(name)!)))
    return `parent argument "${argument}" is taken by none of its tools (${ownTools.join(', ')})`;
  return null;
}

/** What differs from the rules' reading of the type: the parent, the states, and the id format where the rules only counted. */
function toEntityCorrection(model: ServiceModel, entity: ProposedEntity): EntityCorrection {
  const type = model.entityTypes.get(entity.name);
  const parentRead = type?.parents[0] ?? null;
  const parentChanged = entity.parent
    ? parentRead?.type !== entity.parent.type || parentRead.argument !== entity.parent.argument
    : parentRead !== null;
  const states = entity.states.filter((state) => state.trim() !== '').slice(0, maxStates);
  const statesRead = type?.state?.values ?? [];
  const statesChanged = states.length > 0 && states.join('\n') !== statesRead.join('\n');
  const example = entity.idExample?.trim() ?? '';
  const idUnknown = !type || type.idFormat.source === 'counter';
  return {
    ...(example !== '' && example.length <= 64 && idUnknown ? { id: { example } } : {}),
    ...(parentChanged ? { parent: entity.parent } : {}),
    ...(statesChanged ? { states } : {}),
  };
}
