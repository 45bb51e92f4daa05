/**
 * What a scenario makes a mock tool send the client before it answers (`mock.tools.<tool>`):
 * progress notifications, log messages, and requests for elicitation or sampling. They become
 * `ToolEvent`s (tool-event.ts), sent on the call's stream (decisions.md, "What mocks serve beyond tools").
 */
import { z } from 'zod';

/** The MCP log levels, least severe first (RFC 5424 severities, as `logging/setLevel` takes them). */
export const logLevels = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;
export type LogLevel = (typeof logLevels)[number];

export const scriptedLogSchema = z
  .union([
    z.string().min(1).max(10_000).describe('a message logged at info'),
    z
      .strictObject({
        level: z.enum(logLevels).default('info').describe('its level; a client that set a higher level does not get it'),
        message: z.string().min(1).max(10_000).describe('what is logged'),
        logger: z.string().min(1).max(256).optional().describe('the logger name'),
      })
      .describe('a message with its level'),
  ])
  .describe('one log message (notifications/message) the tool sends before it answers');

export const scriptedElicitationSchema = z
  .strictObject({
    message: z.string().min(1).max(10_000).describe('what the client shows the user, e.g. Confirm deleting issue 12?'),
    requestedSchema: z
      .record(z.string(), z.unknown())
      .default({ type: 'object', properties: {} })
      .describe('a flat JSON Schema object of what to ask for, e.g. { type: object, properties: { confirm: { type: boolean } } }'),
  })
  .describe('an elicitation/create request sent before the tool answers; a declined or cancelled one makes the tool answer an error');

export const scriptedSamplingSchema = z
  .strictObject({
    message: z.string().min(1).max(100_000).describe("the user message the client's model is asked to answer"),
    systemPrompt: z.string().max(100_000).optional().describe('a system prompt for it'),
    maxTokens: z.int().min(1).max(100_000).default(256).describe('at most this many tokens'),
  })
  .describe("a sampling/createMessage request sent before the tool answers; the answer's text is added to the result");

/** The scripted events of one tool, as fields of its `mock.tools.<tool>` entry. */
export const toolScriptFields = {
  progress: z
    .int()
    .min(1)
    .max(1000)
    .optional()
    .describe("send this many notifications/progress over the call (spread over a fault's latency), when the client sent a progressToken"),
  log: z.array(scriptedLogSchema).max(1000).optional().describe('log messages to send before the tool answers'),
  elicit: scriptedElicitationSchema.optional(),
  sample: scriptedSamplingSchema.optional(),
};

export type ScriptedLog = z.output<typeof scriptedLogSchema>;
export type ScriptedElicitation = z.output<typeof scriptedElicitationSchema>;
export type ScriptedSampling = z.output<typeof scriptedSamplingSchema>;

/** A tool's scripted events, as read from its settings. */
export interface ToolScript {
  progress?: number | undefined;
  log?: ScriptedLog[] | undefined;
  elicit?: ScriptedElicitation | undefined;
  sample?: ScriptedSampling | undefined;
}
