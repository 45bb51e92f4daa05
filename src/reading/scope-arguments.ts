import type { ToolDefinition } from '../domain/registry.js';
import { isControlArgument, isQueryArgument } from '../domain/world-query.js';
import { isPayloadArgument } from './argument-payload.js';
import { requiredOf } from './tool-id-argument.js';
import type { ToolShape } from './tool-shape.js';

/**
 * The arguments that say where an entity lives rather than what it is (`owner`, `repo`): those
 * both a read (or delete) and a list of the entity take. A read or update must agree with them; an update
 * never changes them. The reading says an update that must be given another parent moves the entity
 * (answer-kind.ts); the simulator keeps the scope as it is (sim/stateful/world-conventions.ts).
 *
 * @example
 *   toScopeArguments(shapes.get('update_issue')!, shapes, tools); // Set { 'project_id' }
 */
export function toScopeArguments(
  shape: ToolShape,
  shapes: ReadonlyMap<string, ToolShape>,
  serverTools: readonly ToolDefinition[],
): Set<string> {
  const argumentsOf = (operations: readonly string[]) => {
    const names = new Set<string>();
    for (const tool of serverTools) {
      const candidate = shapes.get(tool.name);
      const choices = candidate?.dispatch ? Object.values(candidate.dispatch.choices) : candidate ? [candidate] : [];
      // `issues_count(projectIds, assigneeLogin)`: a read that names no one entity counts or describes many; it says nothing
      // of where one lives, so an update may still set what it filters by (`issue_assign(issueId, assigneeLogin)`).
      const addressed = (choice: ToolShape) => choice.operation !== 'read' || choice.idArgument !== null;
      if (!choices.some((choice) => choice.entity === shape.entity && operations.includes(choice.operation) && addressed(choice))) continue;
      const properties = tool.inputSchema.properties;
      if (!properties || typeof properties !== 'object') continue;
      // `manage_issue(operation, issueKey, summary, state)`: one schema for every choice, so only what every
      // choice must be given (its `required`: `owner`, `repo`) says where the entity lives, not what an update changes.
      const required = candidate?.dispatch ? requiredOf(tool) : null;
      for (const name of Object.keys(properties)) if (!required || required.has(name)) names.add(name);
    }
    return names;
  };
  // Reads and deletes only: an update's arguments are mostly what it changes (`state`).
  const reads = argumentsOf(['read', 'delete']);
  const lists = argumentsOf(['list', 'search']);
  // The entity's own id arguments only: another entity's id that both its read and list take (`project_id`
  // in `get_issue(project_id, issue_iid)`) addresses where it lives, so an update never moves it.
  const ids = new Set(
    [...shapes.values()].flatMap((candidate) => [
      candidate.entity === shape.entity ? candidate.idArgument : null,
      candidate.dispatch?.argument,
    ]),
  );
  return new Set(
    [...reads].filter(
      // With no list of the entity (`get_card_item(board_id, item_id)` alone), its read says where it lives.
      (name) =>
        (lists.size === 0 || lists.has(name)) &&
        !ids.has(name) &&
        !isControlArgument(name) &&
        !isQueryArgument(name) &&
        !isPayloadArgument(name),
    ),
  );
}
