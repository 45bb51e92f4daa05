import { relative } from 'node:path';
import type { CheckedScenarioFile, ScenarioCommands, TestedScenario, TestedStep } from '../agent/agent-project.js';
import { apiError } from '../errors.js';
import { loadScenarioText, type ScenarioProblem } from '../scenario/load-scenario.js';
import { checkCommand } from './check-command.js';
import { CliError, exitCodes } from './cli-error.js';
import type { CliIo } from './io.js';
import { run as runTestCommand } from './test-command.js';

/**
 * `mcpsim check` and `mcpsim test` for the agent's scenario tools: the commands themselves, run in
 * this process with `--json` / `--reporter json` on an io that keeps what they print, so the agent
 * gets what the person at a terminal would, as data. Paths are shown relative to the project.
 *
 * @example
 *   const scenarios = createAgentScenarios(process.cwd(), io.env);
 *   await scenarios.test('mocks/linear/scenario.yaml');
 */
export function createAgentScenarios(projectDir: string, env: CliIo['env']): ScenarioCommands {
  const toFile = (file: string) => relative(projectDir, file) || file;
  const toChecked = (file: string, problems: readonly ScenarioProblem[]): CheckedScenarioFile => ({
    file: toFile(file),
    ok: problems.length === 0,
    problems: problems.map((problem) => ({ ...problem, file: toFile(problem.file) })),
  });

  async function checkPath(path: string): Promise<CheckedScenarioFile[]> {
    const io = createKeptIo(env);
    const code = await checkCommand([path], { json: true }, io);
    // Exit 2: the path does not exist or holds no scenario file; check said which on stderr.
    if (code === exitCodes.usage) throw apiError('validation_error', io.kept.stderr.replace(/^mcpsim: /, '').trim());
    const { files } = JSON.parse(io.kept.stdout) as { files: { file: string; problems: ScenarioProblem[] }[] };
    return files.map((file) => toChecked(file.file, file.problems));
  }

  return {
    checkPath,
    checkText(text, file) {
      const result = loadScenarioText(text, file);
      return toChecked(file, 'problems' in result ? result.problems : []);
    },
    async test(path) {
      // What test would refuse to run, as check says it (with every problem, at its line).
      const checked = await checkPath(path);
      if (checked.some((file) => !file.ok)) return { scenarios: [], problems: checked.filter((file) => !file.ok) };
      const io = createKeptIo(env);
      try {
        await runTestCommand({ values: { reporter: 'json', 'no-timings': true }, positionals: [path] }, io);
      } catch (error) {
        if (error instanceof CliError) throw apiError('validation_error', error.message);
        throw error;
      }
      const suites = JSON.parse(io.kept.stdout) as (TestedScenario & { steps: TestedStep[] })[];
      return {
        scenarios: suites.map((suite) => ({
          scenario: suite.scenario,
          file: toFile(suite.file),
          // The results stay out: the agent asked pass or fail, and read_calls shows results.
          steps: suite.steps.map(({ name, call, outcome, miss, error, checks }) => ({
            name,
            call,
            outcome,
            miss,
            ...(error === undefined ? {} : { error }),
            checks,
          })),
        })),
        problems: [],
      };
    },
  };
}

/** An io for a command run on the agent's behalf: what it prints is kept (not the process's stdout, which is the protocol's). */
function createKeptIo(env: CliIo['env']): CliIo & { kept: { stdout: string; stderr: string } } {
  const kept = { stdout: '', stderr: '' };
  return {
    kept,
    stdout: (text) => void (kept.stdout += text),
    stderr: (text) => void (kept.stderr += text),
    env,
    onShutdownSignal: () => {},
  };
}
