import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

/**
 * The agent's two prompts: the workflows docs/agents.md describes, as messages a coding agent's user
 * picks from a menu. They name the tools to use in order and leave the judgement to the agent.
 */
export function registerAgentPrompts(server: McpServer): void {
  server.registerPrompt(
    'mock_server_for_test',
    {
      title: 'Mock this server for my test',
      description: 'Set up a mcpsim mock of an MCP server, seeded for what a test does, and say how to point the code under test at it.',
      argsSchema: {
        server: z.string().describe('the server to mock: a registry name, a search phrase, or a URL of a real MCP server'),
        test: z.string().describe('what the test does with the server (the calls it makes, the data it expects)'),
      },
    },
    ({ server: wanted, test }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text: [
              `Set up a mcpsim mock of "${wanted}" for this test: ${test}`,
              '',
              '1. If that is not a URL or an exact registry name, find it with find_servers; then mock it with mock_server.',
              '2. Read explain_connection. Where a tool is read wrongly (operation, entity, id argument), fix it with correct_tools.',
              '3. Seed realistic entities the test needs with seed_world (confirm: true), with ids in the format the real service uses.',
              "4. Tell me the connection's endpoint and the API key header the code under test must send, and the world you seeded.",
              '5. After the test runs, check it with verify_calls (and read_calls for detail); take_snapshot lets a rerun start from the same state.',
            ].join('\n'),
          },
        },
      ],
    }),
  );
  server.registerPrompt(
    'write_scenario_from_conversation',
    {
      title: 'Write a scenario from this conversation',
      description:
        'Turn the mocks set up and the calls made in this conversation into a mcpsim scenario file that CI replays with no model.',
      argsSchema: {
        connectionId: z.string().describe('the mock connection whose calls and world the scenario keeps'),
        namespace: z.string().optional().describe('its namespace (default "agent")'),
      },
    },
    ({ connectionId, namespace }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text: [
              `Write a mcpsim scenario from what we did with the mock "${namespace ?? 'agent'}/${connectionId}" in this conversation.`,
              '',
              '1. Read its world (get_world) and its calls (read_calls), and the corrections kept with it (explain_connection).',
              '2. Write a scenario YAML (docs/scenarios.md): the connection with its server, the seeded world as the starting world, the',
              '   corrections, and one step per call that matters with an assertion on its result, so the test fails when behaviour changes.',
              '3. Check the file with `mcpsim check` and run it with `mcpsim test`; it must pass with no model.',
            ].join('\n'),
          },
        },
      ],
    }),
  );
}
