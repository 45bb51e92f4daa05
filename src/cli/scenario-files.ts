import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { formatProblem, loadScenarios, type ScenarioFileResult, type ScenarioLoadOptions } from '../scenario/load-scenario.js';
import type { Scenario } from '../scenario/scenario-schema.js';
import { CliError } from './cli-error.js';
import type { CliIo } from './io.js';

export interface LoadedScenario {
  file: string;
  scenario: Scenario;
  /** Where its recorded results live: its `fixtures` field, relative to the file (default `../fixtures`). */
  fixturesDir: string;
}

export function toFixturesDir(file: string, scenario: Scenario): string {
  return resolve(dirname(file), scenario.fixtures ?? '../fixtures');
}

/**
 * Loads scenario files and folders; prints every problem (file:line:column) and returns null when
 * any file has one.
 *
 * @throws CliError (exit 2) for a path that does not exist
 */
export async function loadScenarioPaths(
  paths: readonly string[],
  io: CliIo,
  options: ScenarioLoadOptions = {},
): Promise<LoadedScenario[] | null> {
  const results: ScenarioFileResult[] = [];
  for (const path of paths) {
    if (!existsSync(path)) throw new CliError(`"${path}" does not exist; give scenario files or directories, e.g. scenarios/`);
    results.push(...(await loadScenarios(path, options)));
  }
  let ok = true;
  const loaded: LoadedScenario[] = [];
  for (const result of results) {
    if ('problems' in result) {
      ok = false;
      io.stderr(`✗ ${result.file}\n${result.problems.map((problem) => `  ${formatProblem(problem)}`).join('\n')}\n`);
    } else {
      loaded.push({ file: result.file, scenario: result.scenario, fixturesDir: toFixturesDir(result.file, result.scenario) });
    }
  }
  return ok ? loaded : null;
}
