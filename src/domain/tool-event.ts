/**
 * What a tool call sends the client before its result, in order: notifications (progress, log
 * messages, list changes) and server → client requests (elicitation, sampling, roots) with the
 * answer the client gave when it was recorded. Scenarios script them, captures record them, and a
 * mock's answering session sends them.
 */
export type ToolEvent =
  | { kind: 'notification'; method: string; params?: Record<string, unknown> }
  | { kind: 'request'; method: string; params?: Record<string, unknown>; answer?: unknown };
