import { describe, expect, it } from 'vitest';
import { readServer } from './read-server.js';
import { text, tool } from './written-tools.test-support.js';

describe("a read of a thing's rendered content", () => {
  it('reads the thing the description says the content is of', () => {
    // @agent-infra/mcp-server-browser and executeautomation's Playwright server, as they list these tools.
    const { shapes } = readServer([
      tool('browser_navigate', { url: text }, 'Navigate to a URL'),
      tool('browser_get_markdown', {}, 'Get the markdown content of the current page'),
      tool('browser_get_text', {}, 'Get the text content of the current page'),
      tool(
        'playwright_get_visible_html',
        { selector: text },
        'Get the HTML content of the current page. By default, all <script> tags are removed.',
      ),
    ]);
    expect(shapes.get('browser_get_markdown')?.entity).toBe('page');
    expect(shapes.get('browser_get_text')?.entity).toBe('page');
    expect(shapes.get('playwright_get_visible_html')?.entity).toBe('page');
  });

  it('reads an element whose text a name writes as a compound (mcp-selenium)', () => {
    const { shapes } = readServer([
      tool('find_element', { by: text, value: text }, 'Finds an element'),
      tool('get_element_text', { by: text, value: text }, 'gets the text content of an element'),
    ]);
    expect(shapes.get('get_element_text')?.entity).toBe('element');
  });

  it('keeps a format word the description names no owner of', () => {
    const { shapes } = readServer([tool('convert_markdown', { markdown: text }, 'Convert markdown to HTML')]);
    expect(shapes.get('convert_markdown')?.entity).not.toBe('html');
  });
});
