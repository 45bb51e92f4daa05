import { toScreenshotResult } from '../screenshot.js';
import { toAnswered } from './answer-result.js';
import type { AnswerModule } from './kind-call.js';

/**
 * A screenshot (`get_url_screenshot(url)`, `browser_take_screenshot`): an image, as the real tool
 * sends (screenshot.ts), of the URL, page or element the call names. The call is still the world's
 * operation: an unknown id is its error, and what it changes is kept.
 */
export const answerScreenshot: AnswerModule = (call) => {
  const answer = call.fromWorld();
  if (answer.error !== undefined) return toAnswered(answer, call.tool);
  return { result: toScreenshotResult(screenshotSubject(call.args)), ...(answer.changes ? { changes: answer.changes } : {}) };
};

/** What a screenshot is of: the URL, page or element the call names, if any. */
function screenshotSubject(args: Readonly<Record<string, unknown>>): string | null {
  for (const name of ['url', 'uri', 'page', 'element', 'selector', 'name'])
    if (typeof args[name] === 'string' && args[name] !== '') return args[name] as string;
  return null;
}
