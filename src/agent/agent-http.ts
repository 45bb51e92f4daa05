import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { createAgentServer } from './agent-server.js';
import { createApiClient } from './api-client.js';

/**
 * Answers one POST to the agent's HTTP path: a stateless MCP server made for this request, whose
 * tools call the API in process (`fetch`, i.e. `app.fetch`) with the caller's own API key, so they
 * can do exactly what that key can. The server and its transport end with the request.
 *
 * @example
 *   const answer = createAgentHttpAnswer((request) => app.fetch(request));
 *   const response = await answer(request, apiKey);
 */
export function createAgentHttpAnswer(fetch: (request: Request) => Response | Promise<Response>) {
  return async function answer(request: Request, apiKey: string): Promise<Response> {
    const baseUrl = new URL(request.url).origin;
    const server = createAgentServer({ api: createApiClient({ baseUrl, apiKey, fetch }), baseUrl });
    const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request);
    } finally {
      await server.close();
    }
  };
}
