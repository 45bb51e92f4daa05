import { isScreenshotTool, toScreenshotResult } from './screenshot.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { withoutAbsent } from '../../reading/absent-arguments.js';
import type { WorldState } from '../../domain/memory-log.js';
import type { ToolDefinition } from '../../domain/registry.js';
import type { ToolShape } from '../../reading/tool-operation.js';
import { toClockAnswer } from './clock-answers.js';
import { computedFields, describedText } from './described-values.js';
import { withoutSecrets } from './hidden-fields.js';
import { lastGivenValue } from './last-given.js';
import { fitToSchema } from './schema-fit.js';
import type { ToolCall, ToolResultSource } from '../source/tool-result-source.js';
import { toCallShapes } from '../source/tool-shapes.js';
import { answerFromWorld, type Answer } from './world-answers.js';
import { withNamedType } from './world-conventions.js';

export interface SimulatorOptions {
  /** Mixed into every made-up value; change it for a different (still repeatable) world. */
  seed?: string;
}

/** The time stamped when a call comes without one (only in hand-made calls: the pipeline always gives it). */
const fallbackNow = '2026-01-01T00:00:00.000Z';

/**
 * The stateful simulator: answers a mock tool call from the connection's world, with no model
 * and no fixture. It infers what the tool does (reading/tool-operation.ts: create, read, list,
 * search, update, delete or another action, on which entity, named by which argument) and
 * answers like the real server would from what the world holds: a create adds an entity (its
 * arguments, a new id, stamps from the platform clock, and what the outputSchema requires made
 * up), a read returns it or a not-found error, a list filters and pages, an update merges, a
 * delete removes, another action is acknowledged and kept as a fact. Tools that tell the time
 * answer from the platform clock. What it changes comes back as `worldChanges`, the same the
 * model writes, so fixtures, the model and this source share one world. Provenance `simulated`.
 *
 * Deterministic: the same calls on the same world give the same bytes (ids count up, made-up
 * values are seeded by the entity and id, time is the call's `now`). Without a memory
 * (`call.context`) it has nothing to answer from and passes.
 *
 * @example
 *   const source = createSimulator({ seed: 'demo' });
 *   await source.resolve(call); // { source: 'simulated', result: { content: [...], structuredContent: {...} }, worldChanges: { upserts: [...] } }
 */
export function createSimulator({ seed = 'mcpsim' }: SimulatorOptions = {}): ToolResultSource {
  return {
    async resolve(call: ToolCall) {
      const shapes = toCallShapes(call);
      if (!shapes || !call.context) return null;
      const { tool, serverTools, shape, overridden } = shapes;
      const now = call.context.now ?? fallbackNow;
      const clock = overridden ? null : toClockAnswer(tool.name, call.arguments, now);
      const given = overridden ? undefined : readBack(shape, call.arguments, call.context.world, tool);
      const answer: Answer = given
        ? given
        : clock
          ? 'error' in clock
            ? { error: clock.error }
            : {
                value: tool.outputSchema
                  ? fitToSchema(clock.value, tool.outputSchema, `${seed}|${call.server}|${tool.name}`, { now })
                  : clock.value,
              }
          : answerFromWorld({
              shape: withNamedType(shape, call.arguments, call.context.world),
              tool,
              serverTools,
              shapes: shapes.shapes,
              model: shapes.model,
              // `"projectId": ""` where the schema required something: absent for ids and filters, kept as a create's or update's data.
              args: shape.operation === 'create' || shape.operation === 'update' ? call.arguments : withoutAbsent(call.arguments),
              argumentsKey: call.argumentsKey,
              world: call.context.world,
              now,
              sequence: call.sequence ?? 1,
              seed: `${seed}|${call.server}`,
            });
      // `ping_system`: "Returns 'pong' as plain text" answers pong, not `Done: ping_system {}`.
      const text = shape.operation === 'other' && answer.text !== undefined ? describedText(tool) : null;
      if (text !== null) answer.text = text;
      // `maps_weather(city)`, `calculate_distance(from, to)`: the value it computes, not `Done: maps_weather {...}`.
      const computed =
        text === null && shape.operation === 'other' && answer.text !== undefined
          ? computedFields(tool, call.arguments, { seed: `${seed}|${call.server}|${call.argumentsKey}`, now })
          : null;
      if (computed !== null) {
        answer.value = computed;
        delete answer.text;
      }
      // `get_url_screenshot(url)`: an image, as the real tool sends (screenshot.ts).
      const shot = answer.error === undefined && isScreenshotTool(tool) ? toScreenshotResult(screenshotSubject(call.arguments)) : null;
      const result = { ...(shot ?? toResult(answer, tool)), _meta: { 'mcpsim/operation': toOperationMeta(shape) } };
      return { source: 'simulated', result, ...(answer.changes ? { worldChanges: answer.changes } : {}) };
    },
  };
}
/**
 * A read with no id and no arguments (`get_url()`) of what an earlier action set (`navigate(url)`):
 * the value given last, as plain text, for a tool without an outputSchema.
 */
function readBack(shape: ToolShape, args: Readonly<Record<string, unknown>>, world: WorldState, tool: ToolDefinition): Answer | null {
  if (shape.operation !== 'read' || shape.idArgument !== null || tool.outputSchema) return null;
  if (Object.keys(args).length > 0 || world.entities[shape.entity]) return null;
  const value = lastGivenValue(world, shape.entity, tool.name);
  return value === undefined ? null : { text: String(value) };
}

/** What a screenshot is of: the URL, page or element the call names, if any. */
function screenshotSubject(args: Readonly<Record<string, unknown>>): string | null {
  for (const name of ['url', 'uri', 'page', 'element', 'selector', 'name'])
    if (typeof args[name] === 'string' && args[name] !== '') return args[name] as string;
  return null;
}

/** How the simulator read the tool, shown on its results (docs/simulator.md, "Seeing how a tool is read"). */
function toOperationMeta(shape: ToolShape): Record<string, unknown> {
  return { operation: shape.operation, entity: shape.entity, idArgument: shape.idArgument, basis: shape.basis };
}

/**
 * The CallToolResult of an answer: an error text, or the value as JSON text (and as
 * structuredContent when the tool declares an outputSchema).
 */
function toResult(answer: Answer, tool: ToolDefinition): CallToolResult {
  if (answer.error !== undefined) return { content: [{ type: 'text', text: answer.error }], isError: true };
  if (answer.value === undefined) return { content: [{ type: 'text', text: answer.text ?? 'Done.' }], isError: false };
  // A webhook's `secret`, a user's `password`: stored in the world, never echoed (hidden-fields.ts).
  const value = withoutSecrets(answer.value, declaredFields(tool));
  const text = JSON.stringify(value);
  const structured = tool.outputSchema && value !== null && typeof value === 'object' && !Array.isArray(value);
  return {
    content: [{ type: 'text', text }],
    ...(structured ? { structuredContent: value as Record<string, unknown> } : {}),
    isError: false,
  };
}

/** The property names a tool's output schema declares at its top level. */
function declaredFields(tool: ToolDefinition): Set<string> {
  const properties = tool.outputSchema?.properties;
  return new Set(properties && typeof properties === 'object' ? Object.keys(properties) : []);
}
