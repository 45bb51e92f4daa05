import { agentMcpPath } from '../agent/agent-path.js';
import type { AgentMount } from '../api/context.js';

/**
 * The agent's tools over Streamable HTTP (docs/agents.md), loaded at the first request to their path:
 * their modules build about a hundred zod schemas at import, which a start that no agent calls need
 * not pay (issue 40: start in under half a second). Answers as `createAgentHttpAnswer(fetch)` does.
 *
 * @example
 *   const agent = createAgentAtFirstUse((request) => app.fetch(request));
 *   const response = await agent.answer(request, apiKey);
 */
export function createAgentAtFirstUse(fetch: (request: Request) => Response | Promise<Response>): AgentMount {
  let loaded: Promise<AgentMount['answer']> | undefined;
  return {
    path: agentMcpPath,
    async answer(request, apiKey) {
      loaded ??= import('../agent/agent-http.js').then(({ createAgentHttpAnswer }) => createAgentHttpAnswer(fetch));
      return (await loaded)(request, apiKey);
    },
  };
}
