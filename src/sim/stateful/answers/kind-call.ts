/**
 * What an answer module is given (answer-table.ts): the call, its tool read as the call makes it,
 * and the world's answer to it by its operation, made only when the module asks for it. Each module
 * answers one kind of the reading (reading/answer-kind.ts) and returns the result to send, with
 * what it changed in the world.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { WorldChanges, WorldState } from '../../../domain/memory-log.js';
import type { ToolDefinition } from '../../../domain/registry.js';
import type { ToolShape } from '../../../reading/tool-shape.js';
import type { ServiceModel } from '../../../reading/read-server.js';
import type { Answer } from '../world-conventions.js';

export interface KindCall {
  tool: ToolDefinition;
  /** The tool's shape for this call (a `method: update` call of `issue_write` is an update). */
  shape: ToolShape;
  /** The arguments as given. */
  args: Readonly<Record<string, unknown>>;
  argumentsKey: string;
  world: WorldState;
  /** The call's time (ISO 8601). */
  now: string;
  /** The simulator's seed with the server: mixed into every made-up value. */
  seed: string;
  /** The server's service model, where the caller has it: a type's ids in the service's format and field. */
  model?: ServiceModel | undefined;
  /** The world's answer by the call's operation (world-answers.ts); made once, on first ask. */
  fromWorld(): Answer;
  /** The same answer from another world (the call's with something it lacks seeded). */
  fromWorldOf(world: WorldState): Answer;
  /** The world's answer to a list of the call's entity with the call's arguments, unpaged count under `total` (what a count counts). */
  asList(): Answer;
}

/** An answer module's result: what the client gets, and what the call changed. */
export interface Answered {
  result: CallToolResult;
  changes?: WorldChanges | undefined;
}

export type AnswerModule = (call: KindCall) => Answered;
