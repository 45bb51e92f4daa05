import { existsSync, readdirSync } from 'node:fs';
import { z } from 'zod';
import { apiError } from '../errors.js';
import { toProjectPath, type AgentProject } from './agent-project.js';
import { additiveWrite, defineAgentTool, idempotentWrite, readOnly } from './agent-tool.js';

function capturesOf(project: AgentProject | undefined) {
  if (project === undefined) throw apiError('forbidden', 'captures write files, so only `mcpsim mcp` over stdio serves them');
  return project.captures;
}

const runningOutput = z.strictObject({
  id: z.string(),
  upstream: z.string().describe('the command or URL of the real server'),
  directory: z.string().describe('where its files are written, relative to the project directory'),
  endpoint: z.string().describe('the MCP endpoint relaying the real server (Streamable HTTP, same API key)'),
  startedAt: z.string(),
});

export const startCapture = defineAgentTool({
  name: 'start_capture',
  title: 'Capture a real MCP server',
  description:
    'Use this to record what a real MCP server answers, to mock it faithfully later: does what `mcpsim capture` does, relaying a ' +
    'local server started with `command` (stdio) or the server at `url` as a connection whose `endpoint` you (or the client under ' +
    'test) call with the same API key. Every call is written under `directory` of the project as fixtures, a registry entry and a ' +
    'scenario, with secrets redacted. Stop it with stop_capture; it also stops when this session ends. At most 3 run at once.',
  input: z.strictObject({
    command: z
      .array(z.string().min(1))
      .min(1)
      .max(100)
      .optional()
      .describe('a stdio MCP server to start, e.g. ["npx", "-y", "@modelcontextprotocol/server-memory"]'),
    env: z
      .array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*=/, 'must be KEY=VALUE'))
      .max(50)
      .optional()
      .describe('with `command`: its environment, as KEY=VALUE (values are redacted from what is written)'),
    url: z.url().optional().describe('a Streamable HTTP MCP server to capture instead of a command'),
    directory: z.string().min(1).describe('where to write, relative to the project directory (e.g. "captures/memory")'),
    name: z
      .string()
      .regex(/^@?[a-zA-Z0-9][a-zA-Z0-9_-]*\/[a-zA-Z0-9][a-zA-Z0-9_-]*$/)
      .optional()
      .describe('the registry name to file it under (default @captured/<its serverInfo name>)'),
    overwrite: z.literal(true).optional().describe('true to capture into a directory that holds files already'),
  }),
  output: runningOutput,
  annotations: additiveWrite,
  files: true,
  async run({ command, env, url, directory, name, overwrite }, { project }) {
    const captures = capturesOf(project);
    if ((command === undefined) === (url === undefined))
      throw apiError('validation_error', 'start_capture needs exactly one of `command` or `url`');
    if (env !== undefined && command === undefined) throw apiError('validation_error', '`env` applies to a `command`');
    const target = toProjectPath(project, directory);
    if (overwrite !== true && existsSync(target) && readdirSync(target).length > 0)
      throw apiError('conflict', `${directory} holds files already; call again with overwrite: true to capture over them`);
    return captures.start({
      upstream: command === undefined ? { url: url! } : { command, env: env ?? [] },
      directory: target,
      ...(name === undefined ? {} : { name }),
    });
  },
});

export const stopCapture = defineAgentTool({
  name: 'stop_capture',
  title: 'Stop a capture',
  description:
    'Use this when the real server was called enough: stops a capture started with start_capture (and the local server it ' +
    'started), and answers what it wrote (fixtures, registry entry, scenario, redactions). Then check_scenario and test_scenario ' +
    'on its scenario.yaml.',
  input: z.strictObject({ id: z.string().min(1).describe('the id start_capture or list_captures gave') }),
  output: z.strictObject({ id: z.string(), directory: z.string(), report: z.string(), exitCode: z.number() }),
  annotations: idempotentWrite,
  files: true,
  async run({ id }, { project }) {
    return capturesOf(project).stop(id);
  },
});

export const listCaptures = defineAgentTool({
  name: 'list_captures',
  title: 'List running captures',
  description: 'Use this to find the captures this session runs (their ids, endpoints and directories).',
  input: z.strictObject({}),
  output: z.strictObject({ captures: z.array(runningOutput) }),
  annotations: readOnly,
  files: true,
  async run(_input, { project }) {
    return { captures: capturesOf(project).list() };
  },
});
