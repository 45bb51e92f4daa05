/**
 * Where the agent's tools are served over Streamable HTTP (docs/agents.md): a file of its own, so the
 * platform can route the path without loading the tools (platform/agent-at-first-use.ts).
 */
export const agentMcpPath = '/agent/mcp';
