import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * An OpenAI-compatible model server on 127.0.0.1 that behaves like real providers and local
 * servers do, scripted per request: an answer, an HTTP error with headers, a request that never
 * answers (the fake notes when the client gives up), a connection reset. It records every request
 * (path, JSON body) and whether the client aborted it before an answer.
 *
 * @example
 *   const fake = await startFakeOpenAI();
 *   fake.script('/v1/chat/completions', { json: toChatBody('{"pass":true,"reason":"ok"}') }, 'hang');
 *   const { model } = createResultModel({ baseUrl: fake.url, api: 'chat' });
 */
export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  const requests: FakeRequest[] = [];
  const scripts = new Map<string, { replies: Reply[]; next: number }>();
  const sockets = new Set<Socket>();
  const server = createServer((request, response) => void answer(request, response));
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function answer(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const path = (request.url ?? '/').split('?')[0]!;
    const recorded: FakeRequest = {
      path,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      aborted: false,
      answered: false,
    };
    requests.push(recorded);
    // The client went away before an answer: what a timeout or a cancellation looks like from here.
    response.on('close', () => {
      if (!recorded.answered) recorded.aborted = true;
    });
    const script = scripts.get(path);
    let reply: Reply = { status: 404, json: { error: { message: `no script for ${path}`, type: 'invalid_request_error' } } };
    if (script) reply = script.replies[Math.min(script.next++, script.replies.length - 1)]!;
    while (typeof reply === 'function') reply = await reply(recorded);
    if (reply === 'hang') return;
    if (reply === 'reset') {
      request.socket.resetAndDestroy();
      return;
    }
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    recorded.answered = true;
    response.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
    response.end(JSON.stringify(reply.json));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    script(path, ...replies) {
      scripts.set(path, { replies, next: 0 });
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface FakeRequest {
  path: string;
  body: Record<string, unknown>;
  /** The client closed the request before the fake answered it. */
  aborted: boolean;
  answered: boolean;
}

/** What the fake does with one request. */
export type Reply =
  | { json: unknown; status?: number; headers?: Record<string, string>; delayMs?: number }
  | 'hang'
  | 'reset'
  | ((request: FakeRequest) => Reply | Promise<Reply>);

export interface FakeOpenAI {
  /** The base URL, with `/v1`. */
  url: string;
  requests: FakeRequest[];
  /** Replies to the requests of a path (e.g. `/v1/chat/completions`), in order; the last one repeats. */
  script(path: string, ...replies: Reply[]): void;
  close(): Promise<void>;
}

export const chatPath = '/v1/chat/completions';
export const responsesPath = '/v1/responses';
export const embeddingsPath = '/v1/embeddings';

export interface Usage {
  input: number;
  output: number;
  cached?: number;
}

/** A Chat Completions answer: `content` as the message, with its finish reason and usage (and a refusal instead, as OpenAI sends it). */
export function toChatBody(
  content: string | null,
  options: { finishReason?: string; usage?: Usage; refusal?: string; model?: string } = {},
): unknown {
  const usage = options.usage ?? { input: 100, output: 20 };
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 0,
    model: options.model ?? 'fake-model',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, ...(options.refusal === undefined ? {} : { refusal: options.refusal }) },
        finish_reason: options.finishReason ?? 'stop',
      },
    ],
    usage: {
      prompt_tokens: usage.input,
      completion_tokens: usage.output,
      total_tokens: usage.input + usage.output,
      ...(usage.cached === undefined ? {} : { prompt_tokens_details: { cached_tokens: usage.cached } }),
    },
  };
}

/** A Responses API answer: `text` as output text (or a refusal part), `incomplete` when cut off. */
export function toResponsesBody(text: string, options: { incomplete?: string; usage?: Usage; refusal?: boolean } = {}): unknown {
  const usage = options.usage ?? { input: 100, output: 20 };
  return {
    id: 'resp_1',
    object: 'response',
    created_at: 0,
    status: options.incomplete ? 'incomplete' : 'completed',
    model: 'fake-model',
    output: [
      {
        type: 'message',
        id: 'msg_1',
        status: options.incomplete ? 'incomplete' : 'completed',
        role: 'assistant',
        content: [options.refusal ? { type: 'refusal', refusal: text } : { type: 'output_text', text, annotations: [] }],
      },
    ],
    incomplete_details: options.incomplete ? { reason: options.incomplete } : null,
    usage: {
      input_tokens: usage.input,
      output_tokens: usage.output,
      total_tokens: usage.input + usage.output,
      input_tokens_details: { cached_tokens: usage.cached ?? 0 },
      output_tokens_details: { reasoning_tokens: 0 },
    },
  };
}

/** An OpenAI-style error body. */
export function toErrorBody(message: string, type = 'server_error', code: string | null = null): unknown {
  return { error: { message, type, code } };
}
