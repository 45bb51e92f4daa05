/**
 * What protects the setup page beyond its ticket: response headers that keep it out of frames,
 * caches and referrers (`pageHeaders` in page-shell.tsx, with a Content Security Policy that allows
 * nothing but its own style and form), a same-origin check on submits, and a CSRF token bound to a
 * SameSite cookie, so a page on another site cannot submit the form with a person's browser even
 * when it knows the ticket.
 */
import type { Context } from 'hono';
import type { RandomSource } from '../../domain/random.js';

const nonceCookie = 'mcpsim_setup_nonce';

/**
 * The browser's CSRF nonce: the one its cookie carries, or a new one with the `Set-Cookie` to
 * send. The cookie is scoped to the pages under `scope` (the setup pages by default; the CLI
 * login's approve page too), HttpOnly and SameSite=Strict (a cross-site form post arrives without it).
 *
 * @example
 *   const { nonce, setCookie } = readOrMakeNonce(c, random, publicUrl);
 */
export function readOrMakeNonce(
  c: Context,
  random: RandomSource,
  publicUrl: string,
  scope = '/__mcpsim/setup/',
): { nonce: string; setCookie?: string } {
  const current = readNonce(c);
  if (current) return { nonce: current };
  const nonce = Buffer.from(random(16)).toString('hex');
  const secure = publicUrl.startsWith('https:') ? '; Secure' : '';
  return {
    nonce,
    setCookie: `${nonceCookie}=${nonce}; Path=${new URL(publicUrl).pathname.replace(/\/$/, '')}${scope}; HttpOnly; SameSite=Strict${secure}`,
  };
}

/** The nonce the request's cookie carries, or '' (never a value from another cookie). */
export function readNonce(c: Context): string {
  for (const part of (c.req.header('cookie') ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === nonceCookie && value && /^[0-9a-f]{32}$/.test(value)) return value;
  }
  return '';
}

/**
 * Why a submit does not come from the setup page as this server serves it, or null: an `Origin`
 * other than the public URL's, or a browser that says the request is cross-site. (A client that
 * sends neither, such as curl, is judged by the CSRF token alone.)
 *
 * @example
 *   foreignOrigin(c, 'http://127.0.0.1:4010'); // null for a submit from the page itself
 */
export function foreignOrigin(c: Context, publicUrl: string): string | null {
  const origin = c.req.header('origin');
  const expected = new URL(publicUrl).origin;
  if (origin !== undefined && origin !== expected) return `it came from ${origin}, not from ${expected}`;
  if (c.req.header('sec-fetch-site') === 'cross-site') return 'the browser says it came from another site';
  return null;
}
