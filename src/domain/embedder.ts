/**
 * Turns texts into vectors; one call may carry many texts. The OpenAI-compatible one is made in
 * `sim/embedder.ts` from the model settings; tests pass the AI SDK's mock model.
 */
export interface Embedder {
  /** Identifies the model, so cached vectors of another model are never mixed in. */
  readonly model: string;
  embed(texts: string[]): Promise<number[][]>;
}
