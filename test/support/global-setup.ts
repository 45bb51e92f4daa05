/** vitest `globalSetup`: once per run, before any test file (docs/testing.md). */
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { buildCli } from './build-cli.js';

export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  // vitest runs a globalSetup once per project, and `unit` and `platform` inherit it from the root
  // (`extends: true`), which ran the build three times in a row before the first test. The root's
  // setup always runs and the projects' workers inherit what it provides, so it alone builds.
  if (!project.isRootProject()) return undefined;
  const directory = await buildCli();
  project.provide('builtCliDirectory', directory);
  return () => rmSync(directory, { recursive: true, force: true });
}
