/**
 * One Chromium per `vitest run`, shared by the browser suites (docs/testing.md): the config's
 * globalSetup starts this broker on 127.0.0.1, and the first suite that asks (chromium.ts) makes it
 * launch a Playwright browser server; every suite then connects and works in contexts of its own.
 * A run without a browser suite launches nothing.
 */
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type BrowserServer } from 'playwright-core';
import { chromiumPath } from './browser-suites.js';

/** Chromium's flags here: no sandbox as root, and no calls to Google hosts (this network refuses them). */
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // For origins-in-browser.test.ts: a name pointed at this machine (DNS rebinding). No other
  // suite names evil.test, and the rule is a browser-wide flag, so the one browser has it.
  '--host-resolver-rules=MAP evil.test 127.0.0.1',
];

export interface BrowserBroker {
  /** GET it for the browser server's WebSocket endpoint (text), launching it on the first request. */
  url: string;
  close(): Promise<void>;
}

/** Starts the broker; `close()` stops it and the browser, if one was launched. */
export async function startBrowserBroker(): Promise<BrowserBroker> {
  let launched: Promise<BrowserServer> | undefined;
  const launch = () => {
    if (!existsSync(chromiumPath))
      throw new Error(`${chromiumPath} is missing: install it with "apt-get install -y chromium" (.ci/run does)`);
    return chromium.launchServer({ executablePath: chromiumPath, args: chromiumArgs, host: '127.0.0.1', port: 0 });
  };
  const server = createServer((_, response) => {
    launched ??= Promise.resolve().then(launch);
    launched.then(
      (browser) => response.end(browser.wsEndpoint()),
      (error: unknown) => {
        response.statusCode = 500;
        response.end(error instanceof Error ? error.message : String(error));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await launched?.then((browser) => browser.close()).catch(() => undefined);
    },
  };
}
