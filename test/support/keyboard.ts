import type { Page } from 'playwright-core';

/**
 * Presses Tab until the focused element matches `selector` (a CSS selector), as a keyboard user
 * moves through a page; throws when it is not reached within `limit` presses.
 *
 * @example
 *   await tabTo(page, 'a:text("Next page")'); await page.keyboard.press('Enter');
 */
export async function tabTo(page: Page, selector: string, limit = 80): Promise<void> {
  const check = `document.activeElement?.matches(${JSON.stringify(selector)}) === true`;
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(check)) return;
  }
  throw new Error(`Tab did not reach ${selector} in ${limit} presses`);
}
