import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
// Debian's Chromium: `.ci/run` installs it (`apt-get install -y chromium`); no browser is downloaded.
import { chromiumPath } from './browser-suites.js';

/** Chromium's flags here: no sandbox as root, and no calls to Google hosts (this network refuses them). */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Launches Debian's Chromium with the flags above and `extraArgs`, or fails saying how to install it.
 *
 * @example
 *   const browser = await launchChromium(['--host-resolver-rules=MAP evil.test 127.0.0.1']);
 */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  if (!existsSync(chromiumPath))
    throw new Error(`${chromiumPath} is missing: install it with "apt-get install -y chromium" (.ci/run does)`);
  return chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs, ...extraArgs] });
}
