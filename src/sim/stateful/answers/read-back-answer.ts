import { lastGivenValue } from '../last-given.js';
import { toAnswered } from './answer-result.js';
import type { AnswerModule } from './kind-call.js';

/**
 * A read with no id and no arguments (`get_url()`) of what an earlier action set (`navigate(url)`):
 * the value given last, as plain text (last-given.ts). With arguments, once the world holds such
 * entities, or before anything was given, it is the world's read.
 */
export const answerReadBack: AnswerModule = (call) => {
  const { shape, tool, world } = call;
  const value =
    Object.keys(call.args).length > 0 || world.entities[shape.entity] ? undefined : lastGivenValue(world, shape.entity, tool.name);
  return toAnswered(value === undefined ? call.fromWorld() : { text: String(value) }, tool);
};
