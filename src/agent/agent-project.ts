import { isAbsolute, relative, resolve } from 'node:path';
import { apiError } from '../errors.js';

/**
 * What the tools that work on the project's files are given by `mcpsim mcp` over stdio: the directory
 * it was started in, and the CLI's own scenario and capture commands to run there. The agent layer
 * cannot reach the CLI or the scenario loader itself (cli -> agent, never back), so cli/ hands them
 * in; over HTTP there is no project, and those tools are not offered.
 */
export interface AgentProject {
  /** The directory `mcpsim mcp` was started in: tools read and write files under it only. */
  dir: string;
  scenarios: ScenarioCommands;
  captures: CaptureCommands;
}

/** One problem of a scenario file, as `mcpsim check` reports it. */
export interface ScenarioProblemReport {
  file: string;
  line: number;
  column: number;
  path: string;
  message: string;
}

export interface CheckedScenarioFile {
  file: string;
  ok: boolean;
  problems: ScenarioProblemReport[];
}

/** One step of a replay, as `mcpsim test --reporter json` reports it (without the result). */
export interface TestedStep {
  name: string;
  call: string;
  outcome: 'passed' | 'failed' | 'skipped';
  miss: boolean;
  error?: string;
  checks: { name: string; pass: boolean | 'skipped'; message: string }[];
}

export interface TestedScenario {
  scenario: string;
  file: string;
  steps: TestedStep[];
}

/** `mcpsim check` and `mcpsim test`, run in this process on the project's files. */
export interface ScenarioCommands {
  /** `mcpsim check <path>`: a file, or every *.yaml / *.yml of a directory. */
  checkPath(path: string): Promise<CheckedScenarioFile[]>;
  /** What check runs on a file's text; `file` is where it would be (its problems name it, relative to the project). */
  checkText(text: string, file: string): CheckedScenarioFile;
  /** `mcpsim test <path>`: each scenario replayed from its fixtures with no model; problems when a file does not check. */
  test(path: string): Promise<{ scenarios: TestedScenario[]; problems: CheckedScenarioFile[] }>;
}

/** A capture that runs: `mcpsim capture` in this process, relaying a real server as a connection. */
export interface RunningCapture {
  id: string;
  /** The real server: the command it runs, or its URL. */
  upstream: string;
  directory: string;
  /** The MCP endpoint of the connection that relays the real server (the same API key). */
  endpoint: string;
  startedAt: string;
}

export interface StoppedCapture {
  id: string;
  directory: string;
  /** What `mcpsim capture` printed when it stopped: the counts, files and redactions. */
  report: string;
  exitCode: number;
}

export interface CaptureCommands {
  start(options: {
    upstream: { command: string[]; env: string[] } | { url: string };
    directory: string;
    name?: string;
  }): Promise<RunningCapture>;
  stop(id: string): Promise<StoppedCapture>;
  list(): RunningCapture[];
}

/**
 * `path` resolved under the project directory, refusing anything that leaves it (issue 38: paths stay
 * under the project directory); the tool is only offered with a project, so none is an internal slip.
 */
export function toProjectPath(project: AgentProject | undefined, path: string): string {
  if (project === undefined) throw apiError('forbidden', 'this tool works on files, so only `mcpsim mcp` over stdio serves it');
  const target = resolve(project.dir, path);
  const inside = relative(resolve(project.dir), target);
  if (inside.startsWith('..') || isAbsolute(inside))
    throw apiError('validation_error', `"${path}" is outside the project directory ${project.dir}`);
  return target;
}
