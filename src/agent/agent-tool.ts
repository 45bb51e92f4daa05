import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { AgentProject } from './agent-project.js';
import type { ApiClient } from './api-client.js';

/** What a tool is given besides its arguments: the API, and the directory it may write under. */
export interface AgentContext {
  api: ApiClient;
  /** The server's base URL as the tools reach it; a connection's MCP endpoint is under it. */
  baseUrl: string;
  /** The project `mcpsim mcp` was started in, and the CLI's commands for its files. Absent over HTTP, where no tool touches files. */
  project?: AgentProject;
}

/**
 * One tool of `mcpsim mcp`: its schemas, the three hints every client reads before calling it, a
 * description that says when to reach for it, and what it does through the API.
 */
export interface AgentTool<Input extends z.ZodObject = z.ZodObject, Output extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: Input;
  output: Output;
  annotations: Required<Pick<ToolAnnotations, 'readOnlyHint' | 'destructiveHint' | 'idempotentHint'>>;
  /** It reads or writes the project's files: offered only where there is a project (`mcpsim mcp` over stdio). */
  files?: true;
  run(input: z.infer<Input>, context: AgentContext): Promise<z.infer<Output>>;
}

/** Types one tool (its `run` gets the parsed input); the list in agent-tools.ts holds them all. */
export function defineAgentTool<Input extends z.ZodObject, Output extends z.ZodObject>(
  tool: AgentTool<Input, Output>,
): AgentTool<Input, Output> {
  return tool;
}

/** The hints of a tool that only reads. */
export const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true } as const;
/** The hints of a tool that writes and may be repeated with the same effect. */
export const idempotentWrite = { readOnlyHint: false, destructiveHint: false, idempotentHint: true } as const;
/** The hints of a tool that adds something each time. */
export const additiveWrite = { readOnlyHint: false, destructiveHint: false, idempotentHint: false } as const;
/** The hints of a tool that removes or overwrites what was there. */
export const destructive = { readOnlyHint: false, destructiveHint: true, idempotentHint: true } as const;
