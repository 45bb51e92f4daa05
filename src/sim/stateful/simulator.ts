import { withoutAbsent } from '../../reading/absent-arguments.js';
import type { KindReading } from '../../reading/answer-kind.js';
import type { ToolShape } from '../../reading/tool-operation.js';
import type { WorldState } from '../../domain/memory-log.js';
import type { ToolCall, ToolResultSource } from '../source/tool-result-source.js';
import { toCallShapes } from '../source/tool-shapes.js';
import { answerModules } from './answers/answer-table.js';
import { answerFromWorld, type Answer } from './world-answers.js';
import { withNamedType } from './world-conventions.js';
import { answersInSnakeCase } from '../../reading/answer-spelling.js';
import { toSnakeCaseResult } from './snake-case-answer.js';
import { withCallerForMe } from './caller-alias.js';
import { withCallerInQuery } from './query-caller.js';
import { withCallerAsAuthor } from './caller-author.js';
import { withoutAskingFlags } from './asking-flags.js';

export interface SimulatorOptions {
  /** Mixed into every made-up value; change it for a different (still repeatable) world. */
  seed?: string;
}

/** The time stamped when a call comes without one (only in hand-made calls: the pipeline always gives it). */
const fallbackNow = '2026-01-01T00:00:00.000Z';

/**
 * The stateful simulator: answers a mock tool call from the connection's world, with no model
 * and no fixture. The server's reading (reading/read-server.ts) says what the tool does and how
 * it is answered: its kind (reading/answer-kind.ts: a world operation such as create, read, list,
 * update, transition or delete on which entity, named by which argument, or a clock, a screenshot,
 * a read-back, a described or computed value), and the table of answer modules
 * (answers/answer-table.ts) answers each kind like the real server would from what the world
 * holds: a create adds an entity (its arguments, a new id, stamps from the platform clock, and what
 * the outputSchema requires made up), a read returns it or a not-found error, a list filters and
 * pages, an update merges, a delete removes, another action is acknowledged and kept as a fact, a
 * clock tool tells the platform clock. What it changes comes back as `worldChanges`, the same the
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
      const context = call.context;
      if (!shapes || !context) return null;
      const { tool, serverTools, shape, kind } = shapes;
      const now = context.now ?? fallbackNow;
      const { shapes: serverShapes, model } = shapes;
      // `assigneeLogin: "me"`: the caller, as the argument says it reads `me` (caller-alias.ts).
      // `create_post` without `author_username`: the caller wrote it (caller-author.ts).
      // `assignee = currentUser()` in a query: the caller's name (query-caller.ts).
      const asked = withCallerInQuery(withCallerForMe(tool, shapes.args, context.world, model), context.world, model);
      const given = withCallerAsAuthor(tool, shape, asked, context.world, model);
      // `useUAT: true` of a who-am-I read says how to ask, not whom (asking-flags.ts).
      const args = kind.kind === 'current user' ? withoutAskingFlags(tool, given) : given;
      let fromWorld: Answer | undefined;
      const fromWorldOf = (world: WorldState, as: Pick<ToolShape, 'operation'> = shape): Answer =>
        answerFromWorld({
          shape: withNamedType(as === shape ? shape : { ...shape, operation: as.operation, idArgument: null }, shapes.args, world),
          // A list asked for a count answers every match under `total`: no outputSchema to fit.
          tool: as === shape ? tool : { name: tool.name, description: tool.description, inputSchema: tool.inputSchema },
          serverTools,
          shapes: serverShapes,
          model,
          // `"projectId": ""` where the schema required something: absent for ids and filters, kept as a create's or update's data.
          args: shape.operation === 'create' || shape.operation === 'update' ? args : withoutAbsent(args),
          argumentsKey: call.argumentsKey,
          world,
          now,
          sequence: call.sequence ?? 1,
          seed: `${seed}|${call.server}`,
        });
      const answered = answerModules[kind.kind]({
        tool,
        shape,
        args,
        argumentsKey: call.argumentsKey,
        world: context.world,
        now,
        seed: `${seed}|${call.server}`,
        model,
        fromWorld: () => (fromWorld ??= fromWorldOf(context.world)),
        fromWorldOf,
        asList: () => fromWorldOf(context.world, { operation: 'list' }),
      });
      // Twilio takes `FriendlyName` and answers `friendly_name`: the answer is spelled as the descriptions quote the fields.
      const spelled = answersInSnakeCase(model.tools) ? toSnakeCaseResult(answered.result) : answered.result;
      const result = { ...spelled, _meta: { 'mcpsim/operation': toOperationMeta(shape, kind) } };
      return { source: 'simulated', result, ...(answered.changes ? { worldChanges: answered.changes } : {}) };
    },
  };
}

/** How the simulator read the tool and how it answered, shown on its results (docs/simulator.md, "Seeing how a tool is read"). */
function toOperationMeta(shape: ToolShape, kind: KindReading): Record<string, unknown> {
  return {
    operation: shape.operation,
    entity: shape.entity,
    idArgument: shape.idArgument,
    basis: shape.basis,
    kind: kind.kind,
    reason: kind.why,
  };
}
