/**
 * The issue tracker `bench:simulator` plays through its fake model: the tracker keeps its own
 * truth, plans a seeded session of calls (8 creates, then a mix of creates, gets, comments and
 * lists), and the MockLanguageModelV3 answers each call at once from it, timing itself.
 */
import { MockLanguageModelV3 } from 'ai/test';
import type { ModelOutput } from '../src/sim/model/model-output.js';
import { seededRandom } from './seeded-random.js';

/** Calls 20 and 200 are both `get_issue TRK-3`, so their prompts compare like with like. */
export const promptCalls = { early: 20, late: 200 } as const;
export const factIssue = 'TRK-3';

interface Issue {
  title: string;
  body: string;
  state: 'open' | 'closed';
  labels: string[];
  author: string;
  createdAt: string;
  updatedAt: string;
  commentCount: number;
}
interface Comment {
  id: string;
  issue: string;
  author: string;
  body: string;
  createdAt: string;
}
export type Call = { tool: 'create_issue' | 'get_issue' | 'list_issues' | 'comment_on_issue'; arguments: Record<string, unknown> };

export const areas = [
  'Checkout',
  'Search',
  'Cart',
  'Mobile app',
  'Product page',
  'Returns',
  'Account',
  'Payments',
  'Inventory sync',
  'Email receipts',
  'Wishlist',
  'Store locator',
];
export const symptoms = [
  'times out when the cart holds more than 50 items',
  'shows prices without VAT for Swiss customers',
  'crashes on Android 12 after rotating the screen',
  'returns stale stock counts after a warehouse import',
  'double-charges when the 3-D Secure window is closed',
  'loses the promo code after login',
  'sorts "Best rated" by review count instead of rating',
  'renders the size chart off-screen on iPhone SE',
  'sends the receipt twice for split shipments',
  'ignores the "hide out of stock" filter on page 2',
  'logs users out after 10 minutes despite "remember me"',
  'takes 6 s to load for accounts with 200+ orders',
  'accepts postcodes with spaces but rejects them at payment',
  'shows the wrong carrier ETA for Saturday orders',
  'drops accents in customer names on invoices',
];
export const sentences = [
  'Reproduced on staging with a fresh account.',
  'Started after the 2.14 release on Tuesday.',
  'About 3% of sessions hit this according to the dashboard.',
  'Support has received 11 tickets about it this week.',
  'The error log shows a 504 from the pricing service.',
  'It does not happen in the desktop browser.',
  'A workaround is to clear the cart and add the items again.',
  'Customers in Austria and Switzerland are affected most.',
  'The request retries three times before giving up.',
  'Sentry groups it under PRICING-4412.',
  'We should add a regression test once it is fixed.',
  'Marketing wants this fixed before the spring sale on March 14.',
];
const labelPool = ['bug', 'performance', 'regression', 'mobile', 'payments', 'ux', 'backend', 'customer-reported'];
const people = ['dana.kowalski', 'marco.ruiz', 'priya.natarajan', 'tom.becker', 'lena.hofmann', 'sam.okafor', 'yuki.tanaka'];

/** Seeded (seeded-random.ts): the session is the same on every run. */
function createRandom(seed: number) {
  const next = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const text = (count: number) => Array.from({ length: count }, () => pick(sentences)).join(' ');
  return { next, pick, text };
}

/** The issue tracker as the real server would hold it: the fake model answers from it. */
export function createTracker() {
  const random = createRandom(7);
  const issues = new Map<string, Issue>();
  const comments: Comment[] = [];
  const knownLabels = new Set<string>();
  const at = (sequence: number) => new Date(Date.UTC(2026, 0, 5, 9) + sequence * 7 * 60_000).toISOString();
  const output = (value: unknown, structured: boolean, changes: Partial<ModelOutput['changes']> = {}): ModelOutput => ({
    text: JSON.stringify(value),
    structuredContentJson: structured ? JSON.stringify(value) : null,
    isError: false,
    changes: { upserts: [], deletes: [], facts: [], ...changes },
  });
  const upsert = (type: string, id: string, fields: object) => ({ type, id, fieldsJson: JSON.stringify(fields) });

  function answer(call: Call, sequence: number): ModelOutput {
    const args = call.arguments as {
      id?: string;
      title?: string;
      body?: string;
      labels?: string[];
      state?: string;
      label?: string;
      close?: boolean;
    };
    if (call.tool === 'create_issue') {
      const id = `TRK-${issues.size + 1}`;
      const issue: Issue = {
        title: args.title!,
        body: args.body ?? '',
        state: 'open',
        labels: args.labels ?? [],
        author: random.pick(people),
        createdAt: at(sequence),
        updatedAt: at(sequence),
        commentCount: 0,
      };
      issues.set(id, issue);
      const facts = issue.labels
        .filter((label) => !knownLabels.has(label) && knownLabels.add(label))
        .map((label) => `The label "${label}" exists in the tracker.`);
      return output({ id, ...issue, url: `https://tracker.larkspur.example/issues/${id}` }, true, {
        upserts: [upsert('issue', id, issue)],
        facts,
      });
    }
    const issue = args.id === undefined ? undefined : issues.get(args.id);
    if (call.tool === 'get_issue') {
      if (!issue) return { ...output({ error: `Issue ${args.id} not found` }, false), isError: true };
      return output({ id: args.id, ...issue, recentComments: comments.filter((comment) => comment.issue === args.id).slice(-3) }, true);
    }
    if (call.tool === 'comment_on_issue') {
      if (!issue) return { ...output({ error: `Issue ${args.id} not found` }, false), isError: true };
      const comment: Comment = {
        id: `C-${comments.length + 1}`,
        issue: args.id!,
        author: random.pick(people),
        body: args.body ?? '',
        createdAt: at(sequence),
      };
      comments.push(comment);
      Object.assign(issue, { commentCount: issue.commentCount + 1, updatedAt: at(sequence), ...(args.close ? { state: 'closed' } : {}) });
      const { id, ...commentFields } = comment;
      return output(comment, false, {
        upserts: [
          upsert('comment', id, commentFields),
          upsert('issue', args.id!, { commentCount: issue.commentCount, updatedAt: issue.updatedAt, state: issue.state }),
        ],
      });
    }
    const listed = [...issues]
      .filter(
        ([, item]) =>
          (args.state === undefined || args.state === 'all' || item.state === args.state) &&
          (args.label === undefined || item.labels.includes(args.label)),
      )
      .reverse()
      .slice(0, 20)
      .map(([id, item]) => ({ id, title: item.title, state: item.state, labels: item.labels, commentCount: item.commentCount }));
    return output({ issues: listed, totalCount: listed.length }, false);
  }

  /** The bench's n-th call: 8 creates, then a mix; calls 20 and 200 are `get_issue TRK-3`. */
  function plan(sequence: number): Call {
    const title = () => `${random.pick(areas)} ${random.pick(symptoms)}`;
    const labels = () => [...new Set([random.pick(labelPool), random.pick(labelPool)])];
    const existing = () => `TRK-${1 + Math.floor(random.next() * issues.size)}`;
    if (sequence <= 8) return { tool: 'create_issue', arguments: { title: title(), body: random.text(3), labels: labels() } };
    if (sequence === promptCalls.early || sequence === promptCalls.late) return { tool: 'get_issue', arguments: { id: factIssue } };
    const roll = random.next();
    if (roll < 0.25)
      return {
        tool: 'create_issue',
        arguments: { title: title(), body: random.text(2 + Math.floor(random.next() * 3)), labels: labels() },
      };
    if (roll < 0.6) return { tool: 'get_issue', arguments: { id: existing() } };
    if (roll < 0.9)
      return {
        tool: 'comment_on_issue',
        arguments: {
          id: existing(),
          body: random.text(1 + Math.floor(random.next() * 2)),
          ...(random.next() < 0.1 ? { close: true } : {}),
        },
      };
    return {
      tool: 'list_issues',
      arguments: { state: random.pick(['open', 'closed', 'all']), ...(random.next() < 0.5 ? { label: random.pick(labelPool) } : {}) },
    };
  }

  return { answer, plan, issue: (id: string) => issues.get(id), size: () => ({ issues: issues.size, comments: comments.length }) };
}

// ---- the fake model ------------------------------------------------------------------------

/**
 * A MockLanguageModelV3 that plays the tracker at once, timing itself and keeping each prompt's
 * size (and the text of the calls we check).
 */
export function createFakeModel(tracker: ReturnType<typeof createTracker>) {
  const modelMs = new Map<number, number>();
  const prompts = new Map<number, { chars: number; text: string | null }>();
  let generations = 0;
  const model = new MockLanguageModelV3({
    modelId: 'bench-fake',
    doGenerate: async (options) => {
      const started = performance.now();
      generations += 1;
      const texts = options.prompt.flatMap((message) =>
        message.role === 'system'
          ? [message.content]
          : message.role === 'user'
            ? message.content.flatMap((part) => (part.type === 'text' ? [part.text] : []))
            : [],
      );
      const all = texts.join('\n');
      const match = /^# This call\ncall #(\d+)[^:\n]*: (\S+) (.*)$/m.exec(all);
      if (!match) throw new Error(`the prompt has no "# This call" line:\n${all.slice(-500)}`);
      const sequence = Number(match[1]);
      const output = tracker.answer(
        { tool: match[2] as Call['tool'], arguments: JSON.parse(match[3]!) as Record<string, unknown> },
        sequence,
      );
      const chars = texts.reduce((sum, text) => sum + text.length, 0);
      prompts.set(sequence, { chars, text: sequence === promptCalls.early || sequence === promptCalls.late ? all : null });
      const text = JSON.stringify(output);
      modelMs.set(sequence, (modelMs.get(sequence) ?? 0) + performance.now() - started);
      return {
        content: [{ type: 'text' as const, text }],
        finishReason: { unified: 'stop' as const, raw: 'stop' },
        usage: {
          inputTokens: { total: Math.ceil(chars / 4), noCache: Math.ceil(chars / 4), cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: Math.ceil(text.length / 4), text: Math.ceil(text.length / 4), reasoning: 0 },
        },
        warnings: [],
      };
    },
  });
  return { model, modelMs, prompts, generations: () => generations };
}

const issueSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    title: { type: 'string' },
    body: { type: 'string' },
    state: { type: 'string', enum: ['open', 'closed'] },
    labels: { type: 'array', items: { type: 'string' } },
    author: { type: 'string' },
    createdAt: { type: 'string' },
    updatedAt: { type: 'string' },
    commentCount: { type: 'integer' },
  },
  required: ['id', 'title', 'state'],
};
export const trackerServer = {
  displayName: 'Larkspur Tracker',
  description: 'Issue tracker of the Larkspur web shop: issues, labels and comments.',
  tools: [
    {
      name: 'create_issue',
      description: 'Create an issue. Returns the new issue with its key (TRK-n).',
      inputSchema: {
        type: 'object',
        properties: { title: { type: 'string' }, body: { type: 'string' }, labels: { type: 'array', items: { type: 'string' } } },
        required: ['title'],
      },
      outputSchema: issueSchema,
    },
    {
      name: 'get_issue',
      description: 'Get one issue by key, with its latest comments.',
      inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
      outputSchema: issueSchema,
    },
    {
      name: 'list_issues',
      description: 'List issues, newest first (at most 20).',
      inputSchema: {
        type: 'object',
        properties: { state: { type: 'string', enum: ['open', 'closed', 'all'] }, label: { type: 'string' } },
      },
    },
    {
      name: 'comment_on_issue',
      description: 'Add a comment to an issue; close: true also closes it.',
      inputSchema: {
        type: 'object',
        properties: { id: { type: 'string' }, body: { type: 'string' }, close: { type: 'boolean' } },
        required: ['id', 'body'],
      },
    },
  ],
};
