import type { Context } from 'hono';
import { apiError } from '../errors.js';
import type { Stores } from '../store/stores.js';
import type { ApiClient } from './api-client.js';
import type { Session, Sessions } from './sessions.js';
import type { TimelineStreams } from './timeline-streams.js';

/** A scenario file the server loaded, as the scenarios page lists it. */
export interface ScenarioEntry {
  name: string;
  file: string;
  /** `namespace/connectionId` of each connection it declares. */
  connections: string[];
  steps: number;
}

/** One step's outcome when a scenario's steps run on a fresh platform (as `mcpsim test` runs them). */
export interface StepOutcome {
  title: string;
  passed: boolean;
  message: string | null;
  /** Each expectation of the step, with what it expected (`text contains "Closed issue #102"`). */
  checks: { name: string; outcome: 'passed' | 'failed' | 'skipped'; message: string }[];
}

/** What the scenarios page can do: given by the CLI, which loaded the files (ui does not import scenario/). */
export interface ScenarioCatalog {
  list(): ScenarioEntry[];
  run(name: string): Promise<{ steps: StepOutcome[]; error: string | null }>;
}

/** What every dashboard route shares (the API client is per session: `apiOf(c)`). */
export interface UiContext {
  sessions: Sessions;
  /** The live timeline streams of every session (one listener, capped). */
  streams: TimelineStreams;
  stores: Stores;
  /** The base URL of links the server hands out. */
  publicUrl(): string;
  scenarios: ScenarioCatalog | null;
}

/** The session of a request the guard let through. */
export function sessionOf(c: Context): Session {
  return c.get('session' as never) as Session;
}

/** The API as the request's session: every call carries the session's own key (docs/decisions.md, "Dashboard accounts"). */
export function apiOf(c: Context): ApiClient {
  return c.get('api' as never) as ApiClient;
}

/** The id of the account the request's session acts as (for the store reads a page makes beside the API). */
export function accountOf(c: Context): string {
  return sessionOf(c).account.id;
}

/** Whether the client script asked for an HTML fragment rather than a page. */
export function wantsFragment(c: Context): boolean {
  return c.req.header('x-fragment') === '1';
}

/** Redirects after a form post (post/redirect/get), keeping a message for the next page of the session. */
export function redirectWith(c: Context, location: string, text: string, error = false): Response {
  sessionOf(c).flash = { text, error };
  return c.redirect(location, 303);
}

/** The message kept for this page by `redirectWith`, once. */
export function takeFlash(c: Context): { notice: string | null; error: string | null } {
  const session = sessionOf(c);
  const flash = session.flash;
  session.flash = undefined;
  return { notice: flash && !flash.error ? flash.text : null, error: flash?.error ? flash.text : null };
}

/** The most a dashboard form may carry (the playground's raw JSON arguments are the largest). */
export const maxFormBytes = 1024 * 1024;
const forms = new WeakMap<Request, Promise<Map<string, string>>>();

/**
 * The fields of a posted form, as a map (each name's last value), read once per request. A body
 * over `maxFormBytes` is a 413 before it is all read: any client can post here, and only the API's
 * routes had a body budget.
 */
export function readForm(c: Context): Promise<Map<string, string>> {
  let form = forms.get(c.req.raw);
  if (!form) forms.set(c.req.raw, (form = parseForm(c.req.raw)));
  return form;
}

/** A form the browser stopped sending (the tab closed mid-upload): a 400, not a bug with a stack in the log. */
function cutShort(): never {
  throw apiError('validation_error', 'The form ended before it was whole (the browser closed the connection); send it again');
}

async function parseForm(request: Request): Promise<Map<string, string>> {
  const tooLarge = () => apiError('payload_too_large', `A dashboard form is at most ${maxFormBytes} bytes`);
  if (Number(request.headers.get('content-length') ?? 0) > maxFormBytes) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body?.getReader();
  for (;;) {
    const read = reader ? await reader.read().catch(cutShort) : { done: true as const, value: undefined };
    if (read.done) break;
    size += read.value.byteLength;
    if (size > maxFormBytes) {
      await reader!.cancel();
      throw tooLarge();
    }
    chunks.push(read.value);
  }
  const contentType = request.headers.get('content-type') ?? '';
  const form = new Map<string, string>();
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(contentType)) return form;
  const data = await new Response(Buffer.concat(chunks), { headers: { 'content-type': contentType } }).formData();
  for (const [name, value] of data) if (typeof value === 'string') form.set(name, value);
  return form;
}
