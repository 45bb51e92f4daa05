/**
 * A search or documentation server with nothing seeded, driven with no model and no fixture
 * (sim/stateful/web-pages.ts): a search answers results about its query and the same ones again;
 * a read of one of their URLs answers that page; a seeded type keeps its strict answers.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-web-', (started) => (harness = started));

const tools = [
  {
    name: 'microsoft_docs_search',
    description: 'Performs semantic search against the official documentation',
    inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
  },
  {
    name: 'microsoft_docs_fetch',
    description: 'Fetch and convert a documentation page into markdown format',
    inputSchema: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] },
  },
  {
    name: 'microsoft_code_sample_search',
    description: 'Search for official code snippets and examples',
    inputSchema: { type: 'object', properties: { query: { type: 'string' }, language: { type: 'string' } }, required: ['query'] },
  },
  {
    name: 'get_url_screenshot',
    description: 'Get page screenshot',
    inputSchema: { type: 'object', properties: { url: { type: 'string', format: 'uri' } }, required: ['url'] },
  },
  {
    name: 'get_url_markdown',
    description: 'Get page converted into Markdown',
    inputSchema: { type: 'object', properties: { url: { type: 'string', format: 'uri' } }, required: ['url'] },
  },
];

async function mock(world: { entities: Record<string, unknown>; facts: string[] }) {
  expect((await harness.call('PUT', '/servers/@acme/docs', { body: { tools } })).status).toBe(201);
  await harness.call('PUT', '/namespaces/lab');
  expect((await harness.call('PUT', '/connect/lab/docs', { body: { server: '@acme/docs', mock: { enabled: true } } })).status).toBe(201);
  expect((await harness.call('PUT', '/__mcpsim/connections/lab/docs/simulation', { body: { world } })).status).toBe(200);
}

async function call(tool: string, args: Record<string, unknown>) {
  const response = await harness.call('POST', `/connect/lab/docs/.tools/${tool}`, { body: args });
  expect(response.status).toBe(200);
  expect(response.body.isError, response.body.content[0].text).not.toBe(true);
  return JSON.parse(response.body.content[0].text as string);
}

type Result = { title: string; url: string; description: string };

describe('a search server with nothing seeded', () => {
  it('answers results about the query, the same ones again, and new ones for another query', async () => {
    await mock({ entities: {}, facts: [] });
    const first = (await call('microsoft_docs_search', { query: 'timer trigger in Python' })).docs as Result[];
    expect(first).toHaveLength(3);
    for (const result of first) {
      expect(result.title.toLowerCase()).toContain('timer trigger in python');
      expect(result.description).toContain('timer trigger in Python');
      expect(result.url).toMatch(/^https:\/\/[a-z0-9.-]+\/(\S+\/)?timer-trigger-in-python(-[0-9a-f]{12})?$/);
    }
    expect(new Set(first.map((result) => result.title)).size).toBe(3);
    expect(new Set(first.map((result) => new URL(result.url).hostname)).size).toBe(3);
    expect(new Set(first.map((result) => result.description)).size).toBe(3);
    expect((await call('microsoft_docs_search', { query: 'timer trigger in Python' })).docs).toEqual(first);

    const other = (await call('microsoft_docs_search', { query: 'partition keys' })).docs as Result[];
    expect(other).toHaveLength(3);
    expect(other.map((result) => result.url)).not.toContain(first[0]!.url);
    expect((await call('microsoft_docs_search', { query: 'timer trigger in Python' })).docs).toEqual(first);
  });

  it('answers the page at a URL a search showed, and a page named by its address otherwise', async () => {
    await mock({ entities: {}, facts: [] });
    const [shown] = (await call('microsoft_docs_search', { query: 'retry policies' })).docs as Result[];
    const page = await call('get_url_markdown', { url: shown!.url });
    expect(page.title).toBe(shown!.title);
    expect(page.content).toMatch(
      new RegExp(
        `^# ${shown!.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\n\\n${shown!.description.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
      ),
    );
    expect(page.content).toContain('## Next steps');

    const unknown = await call('get_url_markdown', { url: 'https://example.com/docs/getting-started' });
    expect(unknown).toMatchObject({ url: 'https://example.com/docs/getting-started', title: 'Getting started' });
    expect(await call('get_url_markdown', { url: 'https://example.com/docs/getting-started' })).toEqual(unknown);
  });

  it('reads a page a search showed through microsoft_docs_fetch(url) as that result, and the search still answers the same', async () => {
    await mock({ entities: {}, facts: [] });
    const results = (await call('microsoft_docs_search', { query: 'blob storage' })).docs as Result[];
    const page = await call('microsoft_docs_fetch', { url: results[1]!.url });
    expect(page).toMatchObject({ title: results[1]!.title, url: results[1]!.url });
    expect(page.content).toContain(`# ${results[1]!.title}`);
    expect((await call('microsoft_docs_search', { query: 'blob storage' })).docs).toEqual(results);
  });

  it('answers a screenshot as a PNG image with a line naming the page', async () => {
    await mock({ entities: {}, facts: [] });
    const response = await harness.call('POST', '/connect/lab/docs/.tools/get_url_screenshot', {
      body: { url: 'https://example.com/pricing' },
    });
    const [image, text] = response.body.content as [{ type: string; data: string; mimeType: string }, { type: string; text: string }];
    expect(image).toMatchObject({ type: 'image', mimeType: 'image/png' });
    expect(Buffer.from(image.data, 'base64').subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(text).toEqual({ type: 'text', text: 'Screenshot of https://example.com/pricing (320×200).' });
  });

  it('keeps a seeded type strict: a search that matches none of it answers none', async () => {
    await mock({ entities: { doc: { d1: { id: 'd1', title: 'Billing FAQ', url: 'https://docs.acme.test/billing' } } }, facts: [] });
    expect((await call('microsoft_docs_search', { query: 'retry policies' })).docs).toEqual([]);
    expect((await call('microsoft_docs_search', { query: 'billing' })).docs).toEqual([expect.objectContaining({ id: 'd1' })]);
  });
});
