import { describe, expect, it } from 'vitest';
import type { CallLogEntry, WorldState } from '../../domain/memory-log.js';
import type { ToolDefinition } from '../../domain/registry.js';
import { toCanonicalJson } from '../source/canonical-json.js';
import { buildPrompt, estimateTokens } from './prompt.js';
import type { ToolCall, ToolCallContext } from '../source/tool-result-source.js';

const tools: Record<string, ToolDefinition> = {
  create_issue: {
    name: 'create_issue',
    description: 'Create an issue in the repository.',
    inputSchema: { type: 'object', properties: { title: { type: 'string' }, body: { type: 'string' } }, required: ['title'] },
    outputSchema: {
      type: 'object',
      properties: { number: { type: 'integer' }, title: { type: 'string' }, state: { type: 'string' } },
      required: ['number'],
    },
  },
  get_issue: {
    name: 'get_issue',
    description: 'Get one issue by its number.',
    inputSchema: { type: 'object', properties: { issue_number: { type: 'integer' } }, required: ['issue_number'] },
  },
  add_comment: {
    name: 'add_comment',
    description: 'Comment on an issue.',
    inputSchema: {
      type: 'object',
      properties: { issue_number: { type: 'integer' }, body: { type: 'string' } },
      required: ['issue_number', 'body'],
    },
  },
};

const issueFields = (number: number) => ({
  title: `Checkout page times out for order batch ${number}`,
  body: `Customers on the ${number % 2 ? 'EU' : 'US'} storefront see a 504 after 30 s when paying for batch ${number}.`,
  state: 'open',
  author: number % 3 ? 'dana-k' : 'lee.m',
  created_at: `2025-03-01T10:${String(number % 60).padStart(2, '0')}:00Z`,
});

/**
 * A tracker connection after `calls` calls, cycling create_issue, get_issue and add_comment: every
 * third call creates issue #k, the other two read it and comment on it.
 */
function trackerAfter(calls: number): { history: CallLogEntry[]; world: WorldState } {
  const world: WorldState = { entities: { issue: {}, comment: {} }, facts: ['The repository is acme/shop; its default branch is main.'] };
  const history: CallLogEntry[] = [];
  for (let sequence = 1; sequence <= calls; sequence++) {
    const number = Math.ceil(sequence / 3);
    const step = (sequence - 1) % 3;
    let tool: string;
    let args: Record<string, unknown>;
    let text: string;
    if (step === 0) {
      tool = 'create_issue';
      args = { title: issueFields(number).title, body: issueFields(number).body };
      world.entities.issue![String(number)] = issueFields(number);
      text = JSON.stringify({ number, ...issueFields(number), url: `https://tracker.example/acme/shop/issues/${number}` });
    } else if (step === 1) {
      tool = 'get_issue';
      args = { issue_number: number };
      text = JSON.stringify({ number, ...issueFields(number), comments: 0 });
    } else {
      tool = 'add_comment';
      args = { body: `Reproduced on staging for batch ${number}.`, issue_number: number };
      world.entities.comment![`c${number}`] = { issue_number: number, body: args.body, author: 'dana-k' };
      text = JSON.stringify({ id: `c${number}`, issue_number: number, body: args.body });
    }
    history.push({
      sequence,
      tool,
      arguments: args,
      argumentsKey: toCanonicalJson(args),
      occurrence: 1,
      result: { content: [{ type: 'text', text }] },
      source: 'model',
      model: 'gpt-4.1-mini',
      usage: { inputTokens: 900, outputTokens: 120 },
      latencyMs: 800,
      at: `2025-03-01T10:00:${String(sequence % 60).padStart(2, '0')}Z`,
    });
  }
  return { history, world };
}

function callAfter(
  calls: number,
  tool: string,
  args: Record<string, unknown>,
  scenario = 'A small web shop tracks bugs of its checkout in acme/shop.',
): ToolCall & { context: ToolCallContext } {
  const { history, world } = trackerAfter(calls);
  return {
    namespace: 'ns',
    connectionId: 'tracker',
    server: '@acme/tracker',
    tool,
    arguments: args,
    argumentsKey: toCanonicalJson(args),
    occurrence: 1,
    sequence: calls + 1,
    context: {
      serverName: 'Acme Tracker',
      serverDescription: 'Issues and comments of Acme repositories.',
      toolDefinition: tools[tool]!,
      scenario,
      world,
      history,
    },
  };
}

describe('the simulator prompt', () => {
  it('holds the server, the scenario, the tool with its schemas, the world, the history and the call, in that order', () => {
    const { system, prompt, stats } = buildPrompt(callAfter(3, 'create_issue', { title: 'Coupon field ignores uppercase codes' }), {
      budgetTokens: 4000,
    });
    expect(system).toContain('Answer that call exactly as the real server would');
    expect(system).toContain('isError true');
    const order = [
      '# Server\nAcme Tracker (@acme/tracker)',
      'Issues and comments of Acme repositories.',
      // The scenario before the tool: every call of the connection shares the prefix up to it (prompt caching).
      '# Scenario\nA small web shop',
      '# Tool\nname: create_issue',
      '"required":["number"]',
      '# World state',
      '# Earlier calls',
      '# This call\ncall #4: create_issue {"title":"Coupon field ignores uppercase codes"}',
    ];
    const positions = order.map((text) => prompt.indexOf(text));
    expect(
      positions.every((position) => position >= 0),
      JSON.stringify(positions),
    ).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(stats).toEqual({ estimatedTokens: estimateTokens(system + prompt), historyIncluded: 3, historyTotal: 3 });
  });

  it('is the same text for the same call (no clock, no randomness)', () => {
    const call = callAfter(50, 'get_issue', { issue_number: 7 });
    expect(buildPrompt(call, { budgetTokens: 4000 })).toEqual(buildPrompt(structuredClone(call), { budgetTokens: 4000 }));
  });

  it('says so when there is no scenario and no history', () => {
    const call = callAfter(0, 'get_issue', { issue_number: 1 }, '');
    const { prompt, stats } = buildPrompt({ ...call, context: { ...call.context, scenario: null } }, { budgetTokens: 4000 });
    expect(prompt).toContain('# Scenario\n(none: the server holds realistic');
    expect(prompt).toContain('(none: this is the first call)');
    expect(stats.historyIncluded).toBe(0);
  });

  it('keeps the issue created at call 1 in the world state at call 200, when the call asks about it', () => {
    const { prompt } = buildPrompt(callAfter(199, 'get_issue', { issue_number: 1 }), { budgetTokens: 4000 });
    expect(prompt).toContain('"1":{"title":"Checkout page times out for order batch 1"');
    expect(prompt).toContain('The repository is acme/shop');
    // The world does not fit: the rest is named, not shown.
    expect(prompt).toMatch(/Omitted as unrelated to this call \(they exist\): \d+ issue \(ids /);
  });

  it('includes an old call that shares an id with the arguments, besides the latest ones', () => {
    const { prompt, stats } = buildPrompt(callAfter(199, 'add_comment', { issue_number: 2, body: 'Still happening.' }), {
      budgetTokens: 4000,
    });
    expect(prompt).toContain('#4 2025-03-01T10:00:04Z create_issue');
    expect(prompt).toContain('#5 2025-03-01T10:00:05Z get_issue {"issue_number":2}');
    expect(prompt).toContain('#199 '); // the latest
    expect(prompt).toContain('#196 ');
    expect(prompt).not.toContain('#100 ');
    expect(stats.historyTotal).toBe(199);
    expect(stats.historyIncluded).toBeGreaterThanOrEqual(6);
    expect(stats.historyIncluded).toBeLessThanOrEqual(10);
  });

  it('prefers a rare shared value to a common one when choosing old calls', () => {
    // "open" is in every issue; 33 only in the calls about issue 33.
    const { prompt } = buildPrompt(callAfter(199, 'get_issue', { issue_number: 33, state: 'open' }), { budgetTokens: 4000 });
    expect(prompt).toContain('#97 '); // create_issue of #33
    expect(prompt).toContain('#98 ');
    expect(prompt).toContain('"33":{"title":"Checkout page times out for order batch 33"');
  });

  it('stays within the budget at every step, even with huge schemas, scenario and results', () => {
    for (const budgetTokens of [2000, 4000, 8000]) {
      for (const calls of [0, 1, 5, 20, 60, 200]) {
        const { stats } = buildPrompt(callAfter(calls, 'get_issue', { issue_number: 1 }, 'x'.repeat(100_000)), { budgetTokens });
        expect(stats.estimatedTokens, `${budgetTokens} tokens, ${calls} calls`).toBeLessThanOrEqual(budgetTokens);
      }
    }
    const call = callAfter(20, 'get_issue', { issue_number: 1 });
    const huge = {
      ...call.context.toolDefinition,
      description: 'd'.repeat(50_000),
      inputSchema: { type: 'object', description: 's'.repeat(50_000) },
    };
    call.context.history[19]!.result.content = [{ type: 'text', text: 'r'.repeat(50_000) }];
    call.context.world.entities.issue!['1']!.body = 'b'.repeat(50_000);
    const { stats, prompt } = buildPrompt(
      { ...call, context: { ...call.context, toolDefinition: huge, serverDescription: 'v'.repeat(50_000) } },
      { budgetTokens: 2000 },
    );
    expect(stats.estimatedTokens).toBeLessThanOrEqual(2000);
    expect(prompt).toContain('…[truncated]');
  });

  it('grows at most 1.5 times from call 20 to call 200, with the facts the call needs still in it', () => {
    const at20 = buildPrompt(callAfter(19, 'get_issue', { issue_number: 3 }), { budgetTokens: 4000 });
    const at200 = buildPrompt(callAfter(199, 'get_issue', { issue_number: 3 }), { budgetTokens: 4000 });
    for (const { prompt } of [at20, at200]) {
      expect(prompt).toContain('"3":{"title":"Checkout page times out for order batch 3"');
      expect(prompt).toContain('"c3":{');
      expect(prompt).toContain('create_issue {"body":"Customers on the EU storefront see a 504 after 30 s when paying for batch 3."');
    }
    expect(at200.stats.estimatedTokens / at20.stats.estimatedTokens).toBeLessThanOrEqual(1.5);
  });

  it('grows at most 1.5 times from call 20 to call 200 whatever the budget, and when an argument matches every entity', () => {
    for (const budgetTokens of [4000, 8000, 32_000]) {
      for (const [tool, args] of [
        ['create_issue', { title: 'Coupon field ignores uppercase codes' }],
        ['get_issue', { issue_number: 3, state: 'open' }],
      ] as const) {
        const at20 = buildPrompt(callAfter(19, tool, args), { budgetTokens });
        const at200 = buildPrompt(callAfter(199, tool, args), { budgetTokens });
        expect(at200.stats.estimatedTokens / at20.stats.estimatedTokens, `${tool} with ${budgetTokens} tokens`).toBeLessThanOrEqual(1.5);
      }
    }
  });

  it('ends with the note when one is given, within the budget', () => {
    const { prompt, stats } = buildPrompt(callAfter(199, 'get_issue', { issue_number: 1 }), {
      budgetTokens: 2000,
      note: 'Your previous answer was rejected. '.repeat(100),
    });
    expect(prompt).toMatch(/# Note\nYour previous answer was rejected[^]*…\[truncated\]$/);
    expect(stats.estimatedTokens).toBeLessThanOrEqual(2000);
  });
});
