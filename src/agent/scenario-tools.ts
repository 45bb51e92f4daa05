import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { z } from 'zod';
import { apiError } from '../errors.js';
import { toProjectPath, type AgentProject, type CheckedScenarioFile } from './agent-project.js';
import { defineAgentTool, destructive, readOnly } from './agent-tool.js';

const problemOutput = z.strictObject({
  at: z.string().describe('file:line:column'),
  file: z.string(),
  line: z.number(),
  column: z.number(),
  path: z.string().describe('the dotted path of the node in the file'),
  message: z.string().describe('what is wrong and how to fix it'),
});

const checkedFileOutput = z.strictObject({ file: z.string(), ok: z.boolean(), problems: z.array(problemOutput) });

function toCheckedOutput(file: CheckedScenarioFile) {
  return {
    file: file.file,
    ok: file.ok,
    problems: file.problems.map((problem) => ({ at: `${problem.file}:${problem.line}:${problem.column}`, ...problem })),
  };
}

/** The project, which a tool with `files: true` always has (it is offered only then). */
function projectOf(project: AgentProject | undefined): AgentProject {
  if (project === undefined) throw apiError('forbidden', 'this tool works on files, so only `mcpsim mcp` over stdio serves it');
  return project;
}

const scenarioPathInput = z
  .string()
  .min(1)
  .describe('a scenario file, or a directory of them, relative to the project directory (e.g. "test/mocks/linear/scenario.yaml")');

export const checkScenario = defineAgentTool({
  name: 'check_scenario',
  title: 'Check scenario files',
  description:
    'Use this after writing or editing a scenario file, or before write_scenario: runs what `mcpsim check` runs (schema, YAML, ' +
    'servers, tools and step arguments) on a file or directory of the project (`path`), or on YAML you pass (`yaml`), and answers ' +
    'each problem at file:line:column with how to fix it. Starts nothing, asks no model.',
  input: z.strictObject({
    path: scenarioPathInput.optional(),
    yaml: z.string().min(1).max(1_000_000).optional().describe('the text of a scenario file to check instead of a path'),
    file: z
      .string()
      .min(1)
      .optional()
      .describe('with `yaml`: where the file would be, relative to the project directory (default "scenario.yaml"); problems name it'),
  }),
  output: z.strictObject({ ok: z.boolean(), files: z.array(checkedFileOutput) }),
  annotations: readOnly,
  files: true,
  async run({ path, yaml, file }, { project }) {
    const { scenarios } = projectOf(project);
    if ((path === undefined) === (yaml === undefined))
      throw apiError('validation_error', 'check_scenario needs exactly one of `path` or `yaml`');
    const files =
      yaml === undefined
        ? await scenarios.checkPath(toProjectPath(project, path!))
        : [scenarios.checkText(yaml, toProjectPath(project, file ?? 'scenario.yaml'))];
    return { ok: files.every((checked) => checked.ok), files: files.map(toCheckedOutput) };
  },
});

/** Steps shown at most per answer: the failing first (the counts cover all). */
const maxStepsShown = 200;

const stepOutput = z.strictObject({
  name: z.string(),
  call: z.string(),
  outcome: z.enum(['passed', 'failed', 'skipped']),
  miss: z.boolean().describe('no fixture answered the call'),
  error: z.string().optional(),
  checks: z.array(z.strictObject({ name: z.string(), pass: z.union([z.boolean(), z.literal('skipped')]), message: z.string() })),
});

export const testScenario = defineAgentTool({
  name: 'test_scenario',
  title: 'Replay a scenario as CI does',
  description:
    'Use this to see whether a scenario passes as `mcpsim test` (what CI runs) would run it: replays its steps from its fixtures on a ' +
    'fresh in-memory server with no model, and answers pass or fail per step and per expectation, with replay misses (a call no ' +
    'fixture answers). A file that does not check answers its problems instead.',
  input: z.strictObject({ path: scenarioPathInput }),
  output: z.strictObject({
    pass: z.boolean(),
    summary: z.strictObject({ total: z.number(), passed: z.number(), failed: z.number(), skipped: z.number(), misses: z.number() }),
    scenarios: z.array(z.strictObject({ scenario: z.string(), file: z.string(), pass: z.boolean(), steps: z.array(stepOutput) })),
    problems: z.array(checkedFileOutput),
  }),
  annotations: readOnly,
  files: true,
  async run({ path }, { project }) {
    const { scenarios, problems } = await projectOf(project).scenarios.test(toProjectPath(project, path));
    const steps = scenarios.flatMap((scenario) => scenario.steps);
    const count = (outcome: string) => steps.filter((step) => step.outcome === outcome).length;
    const summary = {
      total: steps.length,
      passed: count('passed'),
      failed: count('failed'),
      skipped: count('skipped'),
      misses: steps.filter((step) => step.miss).length,
    };
    const passing = (step: { outcome: string; miss: boolean }) => step.outcome !== 'failed' && !step.miss;
    return {
      pass: problems.length === 0 && summary.failed === 0 && summary.misses === 0,
      summary,
      scenarios: scenarios.map((scenario) => ({
        scenario: scenario.scenario,
        file: scenario.file,
        pass: scenario.steps.every(passing),
        steps: [...scenario.steps.filter((step) => !passing(step)), ...scenario.steps.filter(passing)].slice(0, maxStepsShown),
      })),
      problems: problems.map(toCheckedOutput),
    };
  },
});

export const writeScenario = defineAgentTool({
  name: 'write_scenario',
  title: 'Write a scenario file',
  description:
    'Use this to save a scenario file you wrote (e.g. from a conversation, or a frozen one you edited) into the project: checks it ' +
    'first as check_scenario does and refuses an invalid one (answering its problems), refuses a path outside the project directory, ' +
    'and refuses to replace an existing file unless `overwrite: true`.',
  input: z.strictObject({
    path: z
      .string()
      .min(1)
      .regex(/\.ya?ml$/, 'must end in .yaml or .yml')
      .describe('where to write, relative to the project directory (e.g. "test/mocks/linear/scenario.yaml")'),
    yaml: z.string().min(1).max(1_000_000).describe('the whole scenario file'),
    overwrite: z.literal(true).optional().describe('true to replace a file already there'),
  }),
  output: z.strictObject({ path: z.string(), bytes: z.number(), replaced: z.boolean() }),
  annotations: destructive,
  files: true,
  async run({ path, yaml, overwrite }, { project }) {
    const { scenarios, dir } = projectOf(project);
    const target = toProjectPath(project, path);
    const replaced = existsSync(target);
    if (replaced && overwrite !== true) throw apiError('conflict', `${path} exists; call again with overwrite: true to replace it`);
    const checked = scenarios.checkText(yaml, target);
    if (!checked.ok) {
      const problems = toCheckedOutput(checked).problems.map((problem) => `${problem.at} ${problem.message}`);
      throw apiError('validation_error', `not written: the scenario has problems\n${problems.join('\n')}`);
    }
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, yaml.endsWith('\n') ? yaml : `${yaml}\n`);
    return { path: relative(dir, target), bytes: Buffer.byteLength(yaml), replaced };
  },
});
