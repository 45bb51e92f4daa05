import { createOpenAI } from '@ai-sdk/openai';
import { embedMany, type EmbeddingModel } from 'ai';
import type { Embedder } from '../../domain/embedder.js';

/**
 * An `Embedder` over any AI SDK embedding model.
 *
 * @example
 *   const embedder = createEmbedder(createOpenAI({ apiKey }).embedding('text-embedding-3-small'));
 */
export function createEmbedder(model: Exclude<EmbeddingModel, string>, options: { maxRetries?: number } = {}): Embedder {
  return {
    model: `${model.provider}:${model.modelId}`,
    async embed(texts) {
      const { embeddings } = await embedMany({ model, values: texts, maxRetries: options.maxRetries ?? 2 });
      return embeddings;
    },
  };
}

/** The embeddings model of an OpenAI-compatible endpoint (OpenAI, Ollama, LM Studio, vLLM, a gateway). */
export function createOpenAIEmbedder(settings: { apiKey?: string; baseUrl?: string; model: string }): Embedder {
  const provider = createOpenAI({
    // Local servers take any key; the SDK insists on one.
    apiKey: settings.apiKey ?? 'not-needed',
    ...(settings.baseUrl === undefined ? {} : { baseURL: settings.baseUrl }),
  });
  return createEmbedder(provider.embedding(settings.model));
}
