import { toAnswered } from './answer-result.js';
import type { AnswerModule } from './kind-call.js';

/**
 * The world operations (create, read, list, search, update, move, transition, batch, delete,
 * an action, a web page, a described value): the world answers them as the
 * call's operation reads it (world-answers.ts), and keeps what they change.
 */
export const answerFromTheWorld: AnswerModule = (call) => toAnswered(call.fromWorld(), call.tool);
