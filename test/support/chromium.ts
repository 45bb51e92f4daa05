/**
 * Debian's Chromium for a browser suite: the run's one browser (browser-server.ts), which the
 * first suite to ask launches. A suite works in contexts of its own (`browser.newContext()`,
 * `browser.newPage()`): cookies, storage and cache are per context, so suites see nothing of
 * each other; its `browser.close()` closes its contexts and disconnects, the browser stays up.
 */
import { chromium, type Browser } from 'playwright-core';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    browserBrokerUrl: string;
  }
}

/**
 * Connects to the run's Chromium, launching it first if no suite has, or fails saying how to install it.
 *
 * @example
 *   const browser = await connectChromium();
 *   const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
 */
export async function connectChromium(): Promise<Browser> {
  const response = await fetch(inject('browserBrokerUrl'));
  const text = await response.text();
  if (!response.ok) throw new Error(text);
  return chromium.connect(text);
}
