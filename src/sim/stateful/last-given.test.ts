import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../domain/registry.js';
import { applyWorldChanges } from '../../domain/world-state.js';
import { lastGivenValue } from './last-given.js';
import { createSimulator } from './simulator.js';

const tool = (name: string, properties: Record<string, unknown> = {}): ToolDefinition => ({
  name,
  inputSchema: { type: 'object', properties },
});
const tools = [tool('browser_navigate', { url: { type: 'string' } }), tool('browser_get_url')];

describe('reading back what an action set', () => {
  it('finds the latest value an earlier action gave, skipping the read itself and facts cut short', () => {
    const world = {
      entities: {},
      facts: [
        'call #1: navigate {"url":"https://a.test"}',
        'call #2: navigate {"url":"https://b.test"}',
        'call #3: navigate {"url":"https://c.te...',
        'call #4: get_url {}',
      ],
    };
    expect(lastGivenValue(world, 'url', 'get_url')).toBe('https://b.test');
    expect(lastGivenValue(world, 'title', 'get_url')).toBeUndefined();
  });

  it('answers get_url with the URL the last navigate went to', async () => {
    const simulator = createSimulator({ seed: 'test' });
    let world = { entities: {}, facts: [] as string[] };
    const call = async (name: string, args: Record<string, unknown>, sequence: number) => {
      const resolution = await simulator.resolve({
        namespace: 'lab',
        connectionId: 'c',
        server: '@test/browser',
        tool: name,
        arguments: args,
        argumentsKey: JSON.stringify(args),
        occurrence: 1,
        sequence,
        context: {
          serverName: 'Browser',
          serverDescription: '',
          toolDefinition: tools.find((candidate) => candidate.name === name)!,
          scenario: null,
          world,
          history: [],
          serverTools: tools,
          now: '2026-03-01T10:00:00.000Z',
          toolOverrides: {},
        },
      });
      if (resolution?.worldChanges) world = applyWorldChanges(world, resolution.worldChanges);
      return (resolution!.result.content[0] as { text: string }).text;
    };
    await call('browser_navigate', { url: 'https://acme.test/login' }, 1);
    expect(await call('browser_get_url', {}, 2)).toBe('https://acme.test/login');
    await call('browser_navigate', { url: 'https://acme.test/home' }, 3);
    expect(await call('browser_get_url', {}, 4)).toBe('https://acme.test/home');
  });
});
