/**
 * A screenshot tool's answer (the reading's kind `screenshot`, reading/answer-kind.ts) with no model and no recording (`get_url_screenshot`,
 * `browser_take_screenshot`, `puppeteer_screenshot`): an image, as the real tool sends, not a
 * JSON text. One fixed PNG (320 × 200, a page with a header bar, a title and lines of text), so
 * a client that shows images shows something page-like and replay stays byte-stable.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

const pagePng =
  'iVBORw0KGgoAAAANSUhEUgAAAUAAAADICAIAAAAWZq/8AAACIUlEQVR42u3aoQ1AIRBEQar5VaCpiRJ/TSgsEkX2kplsBSRPHe0b08yKrnkCMwGbmYDNTMBmAjYzAZuZgM1MwGYCNjMBm5mAzQRsZgI2MwGbmYDNBGxmAjYzAZuZgM0EbGYCNjMBmwnYzARsZgI2MwGbCdjMAgNeQFkCBgEDAgYEDAIGBAwIGBAwCBgQMCBgEDAgYEDAgIBBwLc6HKQlYASMgBGwgAWMgAWMgBEwAkbACFjAAkbAAkbACBgBC1jACFjACJgqAQMCBgQMAgYEDAgYEDAIGBAwIGAQMCBgQMCAgEHAgICB3IB/4JqAQcACBgELGAQMAhYwCBhwBwYEDAgYBAwIGBAwCBgQMCBg4HXAPseBv9AgYAGDgAUMAgYEDAJ2RgJnJEDAgIBBwICAAQEDAgYBAwIGcgP2OQ78hQYBCxgELGAQMCBgELAzEjgjAQIGBAwCBgQMCBgQMAgYEDCQG7DPceAvNAhYwCBgAYOAAQGDgJ2RwBkJEDAgYBAwIGBAwICAQcCAgIHcgH2OA3+hQcACBgELGAQMCBgE7IwEzkiAgAEBg4ABAQMCBgQMAgYEDOQG7HMc+AsNAhYwCFjAIGBAwCBgZyRwRgIEDAgYBAwIGBAwIGAQMCBgQMCAgEHAgIABAYOAAQEDAgYEDAIGBAwIGBAwCBgQMCBgEDAgYEDAgIBBwICAAQGDgAEBAwIGBAwCBgQMCBgQMAgYCLABCrxqVVt8G1kAAAAASUVORK5CYII=';

/** The image result of a screenshot of `subject` (the URL or page it was of, when the call names it). */
export function toScreenshotResult(subject: string | null): CallToolResult {
  return {
    content: [
      { type: 'image', data: pagePng, mimeType: 'image/png' },
      { type: 'text', text: subject ? `Screenshot of ${subject} (320×200).` : 'Screenshot taken (320×200).' },
    ],
    isError: false,
  };
}
