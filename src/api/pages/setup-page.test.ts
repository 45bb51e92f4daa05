import { describe, expect, it } from 'vitest';
import { SetupPage, SetupSubmitRefusal } from './setup-page.js';

describe('the setup page', () => {
  it('escapes every value it shows, in text and in attributes, and never shows a stored value', () => {
    const page = String(
      SetupPage({
        connection: {
          connectionId: 'c"1',
          name: '<script>alert(1)</script>',
          namespace: 'n&s',
          mcpUrl: 'https://x.test/"><img src=x>',
          status: { state: 'error', message: '<b>down</b>' },
          serverInfo: null,
        },
        fields: [{ kind: 'header', name: 'X-"Key"', label: '<i>Key</i>', description: '<u>help</u>', required: true, isSet: true }],
        offerCustomHeader: false,
        notice: { tone: 'problem', text: '<em>oops</em>' },
        csrf: 'token"><b>',
      }),
    );
    for (const dangerous of ['<script>', '<img', '<b>', '<i>', '<u>', '<em>', 'name="header:X-"Key""'])
      expect(page).not.toContain(dangerous);
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).toContain('name="header:X-&quot;Key&quot;"');
    expect(page).toContain('(set; leave empty to keep it)');
    // The only value the page carries is its CSRF token, escaped.
    expect(page.match(/value="[^"]*"/g)).toEqual(['value="token&quot;&gt;&lt;b&gt;"']);
  });

  it('escapes why a submit was refused (it may quote the Origin header a request sent)', () => {
    const page = String(SetupSubmitRefusal({ why: 'it came from http://x.test"><script>alert(1)</script>' }));
    expect(page).not.toContain('<script>');
    expect(page).toContain('Nothing was saved: it came from http://x.test&quot;&gt;&lt;script&gt;');
  });
});
