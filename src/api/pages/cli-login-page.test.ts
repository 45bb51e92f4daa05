import { describe, expect, it } from 'vitest';
import { CliLoginPage } from './cli-login-page.js';

describe('the CLI login page', () => {
  it('escapes the account it names and the notice, and asks for the API key only off loopback', () => {
    const model = {
      account: { name: '<img src=x>', id: 'acct_"1' },
      open: true,
      csrf: 'token"><b>',
      notice: { tone: 'problem' as const, text: '<em>no</em>' },
    };
    const local = String(CliLoginPage({ ...model, oneClick: true }));
    for (const dangerous of ['<img', '<b>', '<em>']) expect(local).not.toContain(dangerous);
    expect(local).toContain('new API key of account “&lt;img src=x&gt;”');
    expect(local).toContain('<code>acct_&quot;1</code>');
    expect(local.match(/value="[^"]*"/g)).toEqual(['value="token&quot;&gt;&lt;b&gt;"']);
    expect(local).not.toContain('name="apiKey"');
    expect(String(CliLoginPage({ ...model, oneClick: false }))).toContain('name="apiKey"');
    expect(String(CliLoginPage({ ...model, oneClick: true, open: false }))).not.toContain('<form');
  });
});
