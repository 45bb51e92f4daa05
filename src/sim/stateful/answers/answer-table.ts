/**
 * The simulator's answer module for each kind a tool's reading may have (reading/answer-kind.ts):
 * the kind is decided once in the reading, with why, and `mcpsim explain` shows it; this table is
 * the only place that says which module answers it. A kind added to the reading without a module
 * here does not compile.
 */
import type { AnswerKind } from '../../../reading/answer-kind.js';
import { answerClock } from './clock-answer.js';
import { answerComputedValue } from './computed-value-answer.js';
import { answerCurrentUser } from './current-user-answer.js';
import { answerDescribedText } from './described-text-answer.js';
import { answerDescribedValue } from './described-value-answer.js';
import type { AnswerModule } from './kind-call.js';
import { answerReadBack } from './read-back-answer.js';
import { answerScreenshot } from './screenshot-answer.js';
import { answerFromTheWorld } from './world-answer.js';

export const answerModules: Readonly<Record<AnswerKind, AnswerModule>> = {
  create: answerFromTheWorld,
  read: answerFromTheWorld,
  list: answerFromTheWorld,
  search: answerFromTheWorld,
  update: answerFromTheWorld,
  move: answerFromTheWorld,
  transition: answerFromTheWorld,
  batch: answerFromTheWorld,
  delete: answerFromTheWorld,
  action: answerFromTheWorld,
  'current user': answerCurrentUser,
  'web page': answerFromTheWorld,
  'described value': answerDescribedValue,
  clock: answerClock,
  'read-back': answerReadBack,
  'described text': answerDescribedText,
  'computed value': answerComputedValue,
  screenshot: answerScreenshot,
};
