import { describe, expect, it } from 'vitest';
import { readServer } from './read-server.js';
import { tool, text } from './written-tools.test-support.js';

describe('what a tool does with the address it is given', () => {
  const url = { type: 'string', description: 'The URL of the webpage to scrape' };
  // As a device driver's, a scraping service's and a browser service's tools are written.
  const model = readServer([
    tool('open_deep_link', { deviceId: text, url: text }, 'Open a deep link or URL on the device.'),
    tool('open_deeplink', { url: text, platform: text }, 'Open deep link on simulator/device. Navigate to screens via URL scheme.'),
    tool('scrape_webpage', { url, outputFormat: text }, 'Scrape a webpage and extract its content in various formats.'),
    tool('crawl_webpages', { url, maxPages: { type: 'number' } }, 'Crawl a website starting from a URL and explore linked pages.'),
    tool('fetch_page', { url: text }, 'Fetch the page at a URL.'),
  ]);

  it('goes to an address it is named for opening, as a navigation does', () => {
    expect([model.kindOf('open_deep_link').kind, model.kindOf('open_deeplink').kind]).toEqual(['action', 'action']);
  });

  it('reads the page at an address it scrapes or fetches, though other tools keep web pages', () => {
    expect([model.kindOf('scrape_webpage').kind, model.kindOf('fetch_page').kind]).toEqual(['web page', 'web page']);
  });
});
