import type { EmbeddingModel } from 'ai';
import type { Embedder } from '../../domain/embedder.js';
import { createLazyOpenAiEmbeddingModel, loadAiSdk } from './ai-sdk.js';

/** A registry search waits on the query's embedding: an endpoint that does not answer in this time is treated as down. */
export const defaultEmbeddingTimeoutMs = 10_000;

export interface EmbedderOptions {
  /** Retries inside one request; default 0 (the search falls back to lexical ranking and tries again later). */
  maxRetries?: number;
  /** Time for one request, retries included; default 10 000 ms. */
  timeoutMs?: number;
}

/**
 * An `Embedder` over any AI SDK embedding model: each request is bounded by a timeout (a hung
 * endpoint must never hang a search), `close()` aborts what is in flight, and the answer is
 * checked: one vector per text, all of the length the model's first answer had.
 *
 * @example
 *   const embedder = createEmbedder(createOpenAI({ apiKey }).embedding('text-embedding-3-small'), { timeoutMs: 10_000 });
 */
export function createEmbedder(model: Exclude<EmbeddingModel, string>, options: EmbedderOptions = {}): Embedder {
  const timeoutMs = options.timeoutMs ?? defaultEmbeddingTimeoutMs;
  const name = `${model.provider}:${model.modelId}`;
  const inFlight = new Set<AbortController>();
  let dimensions: number | undefined;

  function check(embeddings: number[][], count: number): number[][] {
    if (embeddings.length !== count) throw new Error(`embeddings model ${name} returned ${embeddings.length} vectors for ${count} texts`);
    for (const vector of embeddings) {
      dimensions ??= vector.length;
      if (vector.length === 0 || vector.length !== dimensions)
        throw new Error(
          `embeddings model ${name} returned a vector of ${vector.length} dimensions where earlier ones had ${dimensions}: ` +
            'did the model behind MCPSIM_EMBEDDING_MODEL change? Restart mcpsim after changing it',
        );
    }
    return embeddings;
  }

  return {
    model: name,
    async embed(texts) {
      const { embedMany } = await loadAiSdk();
      const controller = new AbortController();
      // A plain timer cleared at the end: AbortSignal.timeout's timer would outlive the request.
      const timer = setTimeout(
        () => controller.abort(new DOMException(`embeddings model ${name} gave no answer within ${timeoutMs} ms`, 'TimeoutError')),
        timeoutMs,
      );
      timer.unref?.();
      inFlight.add(controller);
      try {
        const { signal } = controller;
        const request = embedMany({ model, values: texts, maxRetries: options.maxRetries ?? 0, abortSignal: signal });
        // Raced against the signal too: a model that ignores it must not hang the search.
        const aborted = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
        const { embeddings } = await Promise.race([request, aborted]);
        return check(embeddings, texts.length);
      } finally {
        clearTimeout(timer);
        inFlight.delete(controller);
      }
    },
    close() {
      for (const controller of inFlight) controller.abort(new DOMException('mcpsim is shutting down', 'AbortError'));
    },
  };
}

/** The embeddings model of an OpenAI-compatible endpoint (OpenAI, Ollama, LM Studio, vLLM, a gateway). */
export function createOpenAIEmbedder(settings: { apiKey?: string; baseUrl?: string; model: string } & EmbedderOptions): Embedder {
  const model = createLazyOpenAiEmbeddingModel(
    // Local servers take any key; the SDK insists on one.
    { apiKey: settings.apiKey ?? 'not-needed', ...(settings.baseUrl === undefined ? {} : { baseURL: settings.baseUrl }) },
    settings.model,
  );
  return createEmbedder(model, {
    ...(settings.maxRetries === undefined ? {} : { maxRetries: settings.maxRetries }),
    ...(settings.timeoutMs === undefined ? {} : { timeoutMs: settings.timeoutMs }),
  });
}
