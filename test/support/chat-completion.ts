/**
 * The body an OpenAI-compatible `POST /v1/chat/completions` answers, for tests that fake the
 * model provider's HTTP API with msw: the simulator's structured output as the message content.
 *
 * @example
 *   http.post('https://llm.test/v1/chat/completions', () => HttpResponse.json(toChatCompletion(output, 'fake-weather')));
 */
export function toChatCompletion(output: unknown, model: string) {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 0,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(output) }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
  };
}
