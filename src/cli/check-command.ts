import { existsSync } from 'node:fs';
import { formatProblem, loadScenarios, type ScenarioFileResult } from '../scenario/load-scenario.js';
import { exitCodes } from './cli-error.js';
import type { CommandInput, CommandOptions } from './command.js';
import { toExplanationText } from './explanation-text.js';
import type { CliIo } from './io.js';
import { explainScenario } from '../scenario/scenario-explanation.js';

/** What `check` looks at without paths. */
export const defaultScenarioPaths = ['scenarios/'];

export const name = 'check';
export const usage = '[paths...]';
export const summary = 'validate scenario files (default scenarios/)';
export const help = `Validates scenario files (each file, or every *.yaml and *.yml of a folder) without running
them: prints each file with ✓, or its problems as file:line:column path: message, then a summary.
With --explain, also prints for each valid file how the simulator reads its mock connections' tools
(as mcpsim explain does). Exits 1 when any file has a problem, 2 when a path does not exist or holds
no scenario file.`;
export const positionals = true;

export const options = {
  json: { type: 'boolean', help: 'print {files: [{file, ok, problems}]} (with --explain, each valid file with its connections)' },
  explain: { type: 'boolean', help: 'also show, per tool, the operation, entity, id argument, filters and id format the simulator infers' },
} as const satisfies CommandOptions;

export function run({ values, positionals: paths }: CommandInput<typeof options>, io: CliIo): Promise<number> {
  return checkCommand(paths, { json: values.json ?? false, explain: values.explain ?? false }, io);
}

/**
 * `mcpsim check [paths...]`: validates scenario files (each file, or every *.yaml / *.yml of each
 * directory) without running them, printing each file with ✓ or its problems as
 * `file:line:column path: message`, then a summary. With `--json`, prints
 * `{ files: [{ file, ok, problems }] }` instead. Exits 0 when every file is valid, 1 when any has a
 * problem, 2 when a path does not exist or holds no scenario file.
 *
 * @example
 *   await checkCommand(['scenarios/triage.yaml'], { json: false }, io);
 */
export async function checkCommand(paths: readonly string[], options: { json: boolean; explain?: boolean }, io: CliIo): Promise<number> {
  const targets = paths.length > 0 ? paths : defaultScenarioPaths;
  const missing = targets.filter((path) => !existsSync(path));
  if (missing.length > 0) {
    io.stderr(
      `mcpsim: ${missing.map((path) => `"${path}"`).join(', ')} does not exist; give scenario files or directories, e.g. mcpsim check scenarios/\n`,
    );
    return exitCodes.usage;
  }
  const results: ScenarioFileResult[] = [];
  for (const path of targets) results.push(...(await loadScenarios(path)));
  if (results.length === 0) {
    io.stderr(`mcpsim: no *.yaml or *.yml files in ${targets.join(', ')}; give scenario files or a directory that holds them\n`);
    return exitCodes.usage;
  }
  const files = results.map((result) => ({
    file: result.file,
    ok: 'scenario' in result,
    problems: 'problems' in result ? result.problems : [],
    ...(options.explain && 'scenario' in result ? { connections: explainScenario(result.scenario) } : {}),
  }));
  if (options.json) {
    io.stdout(`${JSON.stringify({ files })}\n`);
  } else {
    for (const file of files) {
      if (file.ok) io.stdout(`✓ ${file.file}\n${file.connections ? toExplanationText(file.connections) : ''}`);
      else io.stdout(`✗ ${file.file}\n${file.problems.map((problem) => `  ${formatProblem(problem)}\n`).join('')}`);
    }
    io.stdout(`${toSummary(files)}\n`);
  }
  return files.every((file) => file.ok) ? exitCodes.ok : exitCodes.failure;
}

function toSummary(files: ReadonlyArray<{ ok: boolean; problems: readonly unknown[] }>): string {
  const failing = files.filter((file) => !file.ok);
  const problemCount = failing.reduce((sum, file) => sum + file.problems.length, 0);
  const checked = `${files.length} scenario file${files.length === 1 ? '' : 's'} checked`;
  if (failing.length === 0) return `${checked}: all valid`;
  return `${checked}: ${failing.length} with ${problemCount} problem${problemCount === 1 ? '' : 's'}, ${files.length - failing.length} valid`;
}
