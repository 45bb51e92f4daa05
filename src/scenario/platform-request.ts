/**
 * The scenario layer's one door to the platform: an injected `fetch` (`app.fetch` in process, the
 * global `fetch` over a socket), a base URL and the API key. Nothing here imports the API.
 */
import { ScenarioError } from './scenario-error.js';
import { isRecord } from '../domain/json-record.js';

export interface ScenarioPlatform {
  /** `app.fetch` in process (it may answer synchronously), or the global `fetch`. */
  fetch: (request: Request) => Response | Promise<Response>;
  /** e.g. `http://127.0.0.1:8080` (a trailing slash is ignored). */
  baseUrl: string;
  apiKey: string;
}

export interface PlatformAnswer {
  status: number;
  /** The parsed JSON body, or the text when it is not JSON (null when empty). */
  body: unknown;
}

/** Sends one request with the API key; never throws for an HTTP status (only for a failed fetch). */
export async function requestPlatform(
  platform: ScenarioPlatform,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<PlatformAnswer> {
  const request = new Request(`${trimBaseUrl(platform.baseUrl)}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${platform.apiKey}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const response = await platform.fetch(request);
  const text = await response.text();
  return { status: response.status, body: parseBody(text) };
}

/** Like `requestPlatform`, but a non-2xx answer (or a failed fetch) throws a `ScenarioError` naming `item`. */
export async function expectSuccess(
  platform: ScenarioPlatform,
  item: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<PlatformAnswer> {
  let answer: PlatformAnswer;
  try {
    answer = await requestPlatform(platform, method, path, body);
  } catch (error) {
    throw new ScenarioError(item, `${method} ${path} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  if (answer.status < 200 || answer.status > 299) throw toScenarioError(item, method, path, answer);
  return answer;
}

/** `PUT /x answered 400 validation_error: mock: requires server`, from the platform's `{error, message}`. */
export function toScenarioError(item: string, method: string, path: string, answer: PlatformAnswer): ScenarioError {
  const { code, message } = readErrorBody(answer.body);
  return new ScenarioError(item, `${method} ${path} answered ${answer.status}${code ? ` ${code}` : ''}: ${message}`, {
    status: answer.status,
    ...(code ? { code } : {}),
  });
}

/** The `{error, message}` of a platform error body, or the body as text. */
export function readErrorBody(body: unknown): { code: string | null; message: string } {
  if (isRecord(body) && typeof body.message === 'string') {
    return { code: typeof body.error === 'string' ? body.error : null, message: body.message };
  }
  if (body === null) return { code: null, message: '(empty body)' };
  return { code: null, message: typeof body === 'string' ? body.slice(0, 500) : JSON.stringify(body).slice(0, 500) };
}

/** A path segment: ids may hold `@ : + ~`, which the router reads back decoded. */
export function toPathSegment(value: string): string {
  return encodeURIComponent(value);
}

/** The base URL without trailing slashes. */
export function trimBaseUrl(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '');
}

function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
