import type * as AiSdkModule from 'ai';
import type * as OpenAiProviderModule from '@ai-sdk/openai';
import type { EmbeddingModel, LanguageModel } from 'ai';

export type AiSdk = typeof AiSdkModule;

/**
 * The `ai` SDK and its OpenAI provider are imported at the first model request, not at start:
 * together about 900 KB of the bundle that a start without a model would parse for nothing
 * (bench/README.md, "Start-up"). Both come at once and once: a caller that awaits this before it
 * starts a request's timer does not spend that timer on the import.
 *
 * @example
 *   const { generateText } = await loadAiSdk();
 */
export function loadAiSdk(): Promise<AiSdk> {
  return loadBoth().then(([sdk]) => sdk);
}

function loadOpenAiProvider(): Promise<typeof OpenAiProviderModule> {
  return loadBoth().then(([, provider]) => provider);
}

let loaded: Promise<[AiSdk, typeof OpenAiProviderModule]> | undefined;
const loadBoth = () => (loaded ??= Promise.all([import('ai'), import('@ai-sdk/openai')]));

type LanguageModelV3 = Extract<LanguageModel, { specificationVersion: 'v3' }>;
type EmbeddingModelV3 = Extract<EmbeddingModel, { specificationVersion: 'v3' }>;

/** Where an OpenAI-compatible endpoint is, as `createOpenAI` takes it. */
export interface OpenAiEndpoint {
  apiKey: string;
  baseURL?: string;
}

/**
 * A language model of an OpenAI-compatible endpoint that imports the provider at its first request:
 * the model the AI SDK would give (`provider.chat(id)` or `provider.responses(id)`), behind the
 * provider interface, so `generateText` and the tests' mock models take it alike.
 *
 * @example
 *   const model = createLazyOpenAiModel({ apiKey: 'k' }, 'gpt-4.1-mini', 'responses'); // nothing imported yet
 */
export function createLazyOpenAiModel(endpoint: OpenAiEndpoint, modelId: string, api: 'responses' | 'chat'): LanguageModelV3 {
  let model: Promise<LanguageModelV3> | undefined;
  const load = () =>
    (model ??= loadOpenAiProvider().then(({ createOpenAI }) => {
      const provider = createOpenAI(endpoint);
      return api === 'chat' ? provider.chat(modelId) : provider.responses(modelId);
    }));
  return {
    specificationVersion: 'v3',
    provider: api === 'chat' ? 'openai.chat' : 'openai.responses',
    modelId,
    get supportedUrls() {
      return load().then((loaded) => loaded.supportedUrls);
    },
    doGenerate: async (options) => (await load()).doGenerate(options),
    doStream: async (options) => (await load()).doStream(options),
  };
}

/**
 * An embedding model of an OpenAI-compatible endpoint that imports the provider at its first request.
 *
 * @example
 *   const model = createLazyOpenAiEmbeddingModel({ apiKey: 'k' }, 'text-embedding-3-small');
 */
export function createLazyOpenAiEmbeddingModel(endpoint: OpenAiEndpoint, modelId: string): EmbeddingModelV3 {
  let model: Promise<EmbeddingModelV3> | undefined;
  const load = () => (model ??= loadOpenAiProvider().then(({ createOpenAI }) => createOpenAI(endpoint).embedding(modelId)));
  return {
    specificationVersion: 'v3',
    provider: 'openai.embedding',
    modelId,
    get maxEmbeddingsPerCall() {
      return load().then((loaded) => loaded.maxEmbeddingsPerCall);
    },
    get supportsParallelCalls() {
      return load().then((loaded) => loaded.supportsParallelCalls);
    },
    doEmbed: async (options) => (await load()).doEmbed(options),
  };
}
