import { toAnswered } from './answer-result.js';
import type { AnswerModule } from './kind-call.js';
import { toHierarchyAnswer } from '../hierarchy-answer.js';

/**
 * The world operations (create, read, list, search, update, move, transition, batch, delete,
 * an action, a web page, a described value): the world answers them as the
 * call's operation reads it (world-answers.ts), and keeps what they change.
 */
export const answerFromTheWorld: AnswerModule = (call) =>
  // `get_workspace_hierarchy`: the tree of the spaces, folders and lists the world holds (hierarchy-answer.ts).
  toAnswered((call.shape.operation === 'read' ? toHierarchyAnswer(call.tool, call.world) : null) ?? call.fromWorld(), call.tool);
