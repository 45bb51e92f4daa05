/**
 * A server read once by a model (`mcpsim explain --model`): the rules' service model is shown to
 * the configured model in batches of tools, and what it says the rules read wrong comes back as
 * the scenario's own corrections (`tools:`, `entities:`), checked against the tools. Nothing is
 * applied: the corrections are printed for a person to review and keep in the scenario, where
 * every later run, CI's included, reads them with no model (docs/simulator.md, "When it guesses
 * wrong").
 */
import type { LanguageModel } from 'ai';
import type { ServiceModel } from '../../reading/read-server.js';
import type { ResultModelApi } from './model-provider.js';
import { toProposedCorrections, type ProposedCorrections } from './proposed-corrections.js';
import { readingAnswerSchema, readingSystem, toReadingPrompt, type ReadingAnswer } from './reading-prompt.js';
import { askForObject } from './structured-call.js';

export interface ModelReadingOptions {
  model: LanguageModel;
  api?: ResultModelApi | undefined;
  /** Tools per request; default 20, so a 70-tool server is four requests. */
  batchSize?: number;
  timeoutMs?: number | undefined;
  deadlineMs?: number | undefined;
  sleep?: ((ms: number) => Promise<void>) | undefined;
}

/** The corrections, and the batches the model failed on (their tools stay as the rules read them). */
export interface ModelReading extends ProposedCorrections {
  failures: string[];
}

const defaultBatchSize = 20;

/**
 * Asks the model, batch by batch, where the rules read `service` wrong.
 *
 * @example
 *   const reading = await readWithModel(readServer(tools, { serverNames: ['@runpod/mcp'] }), '@runpod/mcp', { model });
 *   reading.tools; // { 'pod-action': { operation: 'update', id: 'podId' } }
 */
export async function readWithModel(service: ServiceModel, server: string, options: ModelReadingOptions): Promise<ModelReading> {
  const size = Math.max(1, options.batchSize ?? defaultBatchSize);
  const answers: ReadingAnswer[] = [];
  const failures: string[] = [];
  for (let start = 0; start < service.tools.length; start += size) {
    const batch = service.tools.slice(start, start + size);
    const answer = await askForObject({
      model: options.model,
      api: options.api,
      system: readingSystem,
      prompt: toReadingPrompt(service, batch, server),
      schema: readingAnswerSchema,
      timeoutMs: options.timeoutMs,
      deadlineMs: options.deadlineMs,
      sleep: options.sleep,
    });
    if (answer.output) answers.push(answer.output);
    else failures.push(`tools ${batch[0]!.name} … ${batch[batch.length - 1]!.name}: ${answer.why}`);
  }
  return { ...toProposedCorrections(service, answers), failures };
}
