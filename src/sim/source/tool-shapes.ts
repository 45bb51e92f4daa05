import { toPresentShape } from '../../reading/absent-arguments.js';
import type { ToolDefinition } from '../../domain/registry.js';
import { readServer, type KindReading, type ServiceModel } from '../../reading/read-server.js';
import { toUnwrappedArguments, toUnwrappedTools } from '../../reading/envelope-arguments.js';
import { toCallShape, type ToolShape } from '../../reading/tool-operation.js';
import type { ToolCall } from './tool-result-source.js';

/** What the stateful simulator needs to know about a call's tool: its server's shapes and its own. */
export interface CallShapes {
  tool: ToolDefinition;
  serverTools: readonly ToolDefinition[];
  shapes: ReadonlyMap<string, ToolShape>;
  /** The server's service model the shapes come from. */
  model: ServiceModel;
  /** The tool's shape for this call (a `method: update` call of `issue_write` is an update). */
  shape: ToolShape;
  /** How the simulator answers this call, with why: the reading's kind of the tool, or of the choice the call makes. */
  kind: KindReading;
  /** The call's arguments as the reading reads them: an envelope argument's entries in its place. */
  args: Readonly<Record<string, unknown>>;
}

/**
 * The shapes of a call's server and tool, from the server's service model (reading/read-server.ts,
 * memoised there); null for a call without a context (no memory, nothing to infer from).
 *
 * @example
 *   toCallShapes(call)?.shape.operation; // 'read'
 */
export function toCallShapes(call: ToolCall): CallShapes | null {
  // A replayed call in `serve` asked up to three times (does it read the clock, is it read-only,
  // does the world agree): the model is memoised, but each answer rebuilt the shapes. A call object
  // is made once per call and never changed, so the answer is kept with it.
  let shapes = shapesByCall.get(call);
  if (shapes === undefined) shapesByCall.set(call, (shapes = readCallShapes(call)));
  return shapes;
}

const shapesByCall = new WeakMap<ToolCall, CallShapes | null>();

function readCallShapes(call: ToolCall): CallShapes | null {
  const context = call.context;
  if (!context) return null;
  const given = context.toolDefinition;
  const listed = context.serverTools?.some((candidate) => candidate.name === given.name) ? context.serverTools : [given];
  const model = readServer(listed, {
    serverNames: [call.server, context.serverName],
    corrections: context.toolOverrides,
    entities: context.entityCorrections,
  });
  const { shapes } = model;
  // A tool whose one argument wraps the others is read, and answered, with them unwrapped (envelope-arguments.ts).
  const envelopes = toUnwrappedTools(listed).envelopes.get(given.name);
  const tool = envelopes === undefined ? given : (model.tools.find((candidate) => candidate.name === given.name) ?? given);
  const args = toUnwrappedArguments(envelopes, call.arguments);
  const chosen = toCallShape(shapes.get(tool.name)!, args);
  return {
    tool,
    serverTools: model.tools,
    shapes,
    model,
    args,
    shape: toPresentShape(chosen, tool, args, entitiesOf(shapes)),
    kind: model.kindOf(tool.name, chosen),
  };
}

const entitySets = new WeakMap<ReadonlyMap<string, ToolShape>, ReadonlySet<string>>();
function entitiesOf(shapes: ReadonlyMap<string, ToolShape>): ReadonlySet<string> {
  let found = entitySets.get(shapes);
  if (!found) entitySets.set(shapes, (found = new Set([...shapes.values()].map((shape) => shape.entity))));
  return found;
}

/**
 * Whether a call only reads (a read, list or search, or a tool annotated `readOnlyHint`): asking
 * it again changes nothing, so the world can answer a repeat of it.
 */
export function isReadOnlyCall(call: ToolCall): boolean {
  const shapes = toCallShapes(call);
  if (!shapes) return false;
  const { shape, tool } = shapes;
  return (
    shape.operation === 'read' || shape.operation === 'list' || shape.operation === 'search' || tool.annotations?.readOnlyHint === true
  );
}
