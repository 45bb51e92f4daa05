/** vitest `globalSetup`: once per run, before any test file (docs/testing.md). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startBrowserBroker } from './browser-server.js';
import { buildCli } from './build-cli.js';

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  // vitest runs a globalSetup once per project, and `unit` and `platform` inherit it from the root
  // (`extends: true`), which ran the build three times in a row before the first test. The root's
  // setup always runs and the projects' workers inherit what it provides, so it alone builds.
  if (!project.isRootProject()) return undefined;
  // Every temporary file of the run (data dirs, captures, fixtures, child processes' own) goes into
  // one directory that goes when the run ends: tests that forget to remove theirs leave nothing behind.
  const runTmp = mkdtempSync(join(tmpdir(), 'mcpsim-test-run-'));
  process.env.TMPDIR = runTmp;
  const directory = await buildCli();
  project.provide('builtCliDirectory', directory);
  const browser = await startBrowserBroker();
  project.provide('browserBrokerUrl', browser.url);
  return async () => {
    await browser.close();
    rmSync(directory, { recursive: true, force: true });
    rmSync(runTmp, { recursive: true, force: true });
  };
}
