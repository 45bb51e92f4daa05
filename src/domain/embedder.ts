/**
 * Turns texts into vectors; one call may carry many texts. The OpenAI-compatible one is made in
 * `sim/model/embedder.ts` from the model settings; tests pass the AI SDK's mock model.
 */
export interface Embedder {
  /** Identifies the model, so cached vectors of another model are never mixed in. */
  readonly model: string;
  /** One vector per text, all of one length; rejects (never hangs) when the model does not answer in time. */
  embed(texts: string[]): Promise<number[][]>;
  /** Aborts the requests in flight (shutdown: a search waiting on them answers at once). */
  close?(): void;
}
