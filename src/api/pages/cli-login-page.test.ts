import { describe, expect, it } from 'vitest';
import { CliLoginPage } from './cli-login-page.js';

describe('the CLI login page', () => {
  it('escapes the account it names and the notice, and asks for the API key only when no approver is known', () => {
    const account = { name: '<img src=x>', id: 'acct_"1' };
    const model = { open: true, csrf: 'token"><b>', notice: { tone: 'problem' as const, text: '<em>no</em>' } };
    const local = String(CliLoginPage({ ...model, approver: { account, via: 'loopback' } }));
    for (const dangerous of ['<img', '<b>', '<em>']) expect(local).not.toContain(dangerous);
    expect(local).toContain('new API key of account “&lt;img src=x&gt;”');
    expect(local).toContain('<code>acct_&quot;1</code>');
    expect(local.match(/value="[^"]*"/g)).toEqual(['value="token&quot;&gt;&lt;b&gt;"']);
    expect(local).not.toContain('name="apiKey"');
    expect(String(CliLoginPage({ ...model, approver: { account, via: 'session' } }))).toContain('your dashboard session acts as');
    const byKey = String(CliLoginPage({ ...model, approver: null }));
    expect(byKey).toContain('name="apiKey"');
    expect(byKey).toContain('the account whose API key you enter');
    expect(String(CliLoginPage({ ...model, approver: null, open: false }))).not.toContain('<form');
  });
});
