/** vitest `globalSetup`: once per run, before any test file (docs/testing.md). */
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { buildCli } from './build-cli.js';

export default async function setup(project: TestProject): Promise<() => void> {
  const directory = await buildCli();
  project.provide('builtCliDirectory', directory);
  return () => rmSync(directory, { recursive: true, force: true });
}
