/**
 * The stateful simulator driven call by call, each call on the world the calls before it left: no
 * platform, no model, no fixture. The tests of how the world answers a walk use it.
 *
 * @example
 *   const session = createSimulatorSession(tools);
 *   const created = await session.call('create_card', { list_id: 'l1', name: 'Fix login' });
 *   created.json.id; // the new card's id
 */
import type { WorldState } from '../../src/domain/memory-log.js';
import type { ToolDefinition } from '../../src/domain/registry.js';
import type { ToolOverride } from '../../src/reading/tool-operation.js';
import { applyWorldChanges } from '../../src/domain/world-state.js';
import { createSimulator } from '../../src/sim/stateful/simulator.js';

export interface SessionAnswer {
  isError: boolean;
  text: string;
  json: any;
}

/** `server` is the qualified name the calls are made to: a known service's (`@zereight/mcp-gitlab`) reads as that service. */
export function createSimulatorSession(
  tools: readonly ToolDefinition[],
  world: WorldState = { entities: {}, facts: [] },
  server = '@test/server',
) {
  const simulator = createSimulator({ seed: 'test' });
  const state = { world, sequence: 0 };
  return {
    state,
    call(name: string, args: Record<string, unknown> = {}): Promise<SessionAnswer> {
      return this.callWith({}, name, args);
    },
    async callWith(toolOverrides: Record<string, ToolOverride>, name: string, args: Record<string, unknown> = {}): Promise<SessionAnswer> {
      state.sequence++;
      const tool = tools.find((candidate) => candidate.name === name);
      if (!tool) throw new Error(`no tool "${name}" in this session's tools`);
      const resolution = await simulator.resolve({
        namespace: 'lab',
        connectionId: 'c',
        server,
        tool: name,
        arguments: args,
        argumentsKey: JSON.stringify(args),
        occurrence: 1,
        sequence: state.sequence,
        context: {
          serverName: 'test',
          serverDescription: '',
          toolDefinition: tool,
          scenario: null,
          world: state.world,
          history: [],
          serverTools: tools,
          now: '2026-03-01T10:00:00.000Z',
          toolOverrides,
        },
      });
      if (resolution?.worldChanges) state.world = applyWorldChanges(state.world, resolution.worldChanges);
      const text = (resolution!.result.content[0] as { text: string }).text;
      let json: any = null;
      try {
        json = JSON.parse(text);
      } catch {
        // plain text
      }
      return { isError: resolution!.result.isError === true, text, json };
    },
  };
}
