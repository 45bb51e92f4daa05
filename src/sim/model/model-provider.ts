import type { LanguageModel } from 'ai';
import { createLazyOpenAiModel } from './ai-sdk.js';

/** Which OpenAI API the simulator talks: `/responses` (OpenAI itself) or `/chat/completions` (what compatible servers offer). */
export type ResultModelApi = 'responses' | 'chat';

export interface ResultModelSettings {
  /** Local servers take any key; the SDK insists on one, so a placeholder is sent when absent. */
  apiKey?: string;
  /** An OpenAI-compatible endpoint including `/v1`, e.g. `http://127.0.0.1:11434/v1` (Ollama). */
  baseUrl?: string;
  /** Default `defaultResultModelId`. */
  model?: string;
  /** Default: `chat` whenever `baseUrl` is set (compatible servers rarely offer `/responses`), else `responses`. */
  api?: ResultModelApi;
}

/**
 * The default simulator model: cheap and fast, follows strict JSON schemas, good enough at playing
 * an API. Any model that supports structured outputs works.
 */
export const defaultResultModelId = 'gpt-4.1-mini';

/**
 * The language model that plays mock servers, on any OpenAI-compatible endpoint. Reads no
 * environment: config.ts passes the settings in.
 *
 * @example
 *   const { model, modelId } = createResultModel({ baseUrl: 'http://127.0.0.1:11434/v1', model: 'qwen2.5:7b' });
 *   // api is 'chat' because a baseUrl is set
 */
export function createResultModel(settings: ResultModelSettings = {}): {
  model: LanguageModel;
  modelId: string;
  api: ResultModelApi;
} {
  const modelId = settings.model ?? defaultResultModelId;
  const api = settings.api ?? (settings.baseUrl === undefined ? 'responses' : 'chat');
  const endpoint = { apiKey: settings.apiKey ?? 'not-needed', ...(settings.baseUrl === undefined ? {} : { baseURL: settings.baseUrl }) };
  // The provider is imported at the first request (ai-sdk.ts): a start with a model configured loads none of it either.
  return { model: createLazyOpenAiModel(endpoint, modelId, api), modelId, api };
}

/**
 * What each API takes besides the prompt: Chat Completions takes a `seed` (OpenAI, vLLM, Ollama,
 * LM Studio); the Responses API has none (the SDK would drop it with a warning on every call) and
 * stores what it is sent unless told `store: false`, and prompts hold captured data.
 *
 * @example
 *   generateText({ model, prompt, ...toApiSettings('responses', 42) }); // { providerOptions: { openai: { store: false } } }
 */
export function toApiSettings(
  api: ResultModelApi | undefined,
  seed: number | undefined,
): { seed?: number; providerOptions?: { openai: { store: boolean } } } {
  if (api === 'responses') return { providerOptions: { openai: { store: false } } };
  return seed === undefined ? {} : { seed };
}
