import type { Context } from 'hono';
import type { Stores } from '../store/stores.js';
import type { ApiClient } from './api-client.js';
import type { Session, Sessions } from './sessions.js';

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
}

/** What the scenarios page can do: given by the CLI, which loaded the files (ui does not import scenario/). */
export interface ScenarioCatalog {
  list(): ScenarioEntry[];
  run(name: string): Promise<{ steps: StepOutcome[]; error: string | null }>;
}

/** What every dashboard route shares. */
export interface UiContext {
  api: ApiClient;
  sessions: Sessions;
  stores: Stores;
  /** The base URL of links the server hands out. */
  publicUrl(): string;
  scenarios: ScenarioCatalog | null;
}

/** The session of a request the guard let through. */
export function sessionOf(c: Context): Session {
  return c.get('session' as never) as Session;
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

/** The fields of a posted form, as a map (each name's last value). */
export async function readForm(c: Context): Promise<Map<string, string>> {
  const body = await c.req.parseBody();
  const form = new Map<string, string>();
  for (const [name, value] of Object.entries(body)) if (typeof value === 'string') form.set(name, value);
  return form;
}
