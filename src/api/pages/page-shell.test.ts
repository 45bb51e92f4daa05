import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PageShell, pageHeaders } from './page-shell.js';
import { stylesheet } from './stylesheet.js';

describe('the page shell', () => {
  const page = String(PageShell({ title: '<b>"Title"</b>', children: '<i>body</i>' }));

  it('inlines the one stylesheet verbatim, and its CSP allows exactly that style by hash', () => {
    const inline = /<style>([\s\S]*?)<\/style>/.exec(page)?.[1];
    expect(inline).toBe(stylesheet);
    const hash = createHash('sha256').update(inline!).digest('base64');
    expect(pageHeaders['content-security-policy']).toContain(`style-src 'sha256-${hash}'`);
  });

  it('is a standards-mode page with no script, referrers to this server only, and escaped title and body', () => {
    expect(page.startsWith('<!doctype html><html lang="en">')).toBe(true);
    expect(page).not.toContain('<script');
    expect(page).toContain('<meta name="referrer" content="same-origin"/>');
    expect(page).toContain('<title>&lt;b&gt;&quot;Title&quot;&lt;/b&gt; · mcpsim</title>');
    expect(page).toContain('<h1>&lt;b&gt;&quot;Title&quot;&lt;/b&gt;</h1>&lt;i&gt;body&lt;/i&gt;');
    expect(pageHeaders['content-security-policy']).toContain("default-src 'none'");
  });
});
