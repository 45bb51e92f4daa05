/**
 * What a mock server offers beside its tools, in the shape a scenario's `servers[]` entry writes
 * (and a capture records): resources, resource templates and prompts, each with optional fixed
 * contents. The registry keeps only the listing fields (uri, name, description, mimeType; a
 * prompt's arguments); fixed contents and templates are mock settings of the connections that use
 * the server (decisions.md, "What mocks serve beyond tools").
 */
import { z } from 'zod';

const base64Pattern = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export const mockResourceSchema = z
  .strictObject({
    uri: z.string().min(1).max(2048).describe('the resource URI, e.g. tracker://projects/core'),
    name: z.string().min(1).max(256).describe('its name, as resources/list shows it'),
    description: z.string().max(10_000).optional().describe('what it holds; the simulator reads it when no contents are given'),
    mimeType: z.string().max(256).optional().describe('e.g. application/json or text/markdown'),
    text: z.string().max(1_000_000).optional().describe('fixed text contents, what resources/read answers (else generated from the world)'),
    blob: z
      .string()
      .max(1_400_000)
      .regex(base64Pattern, 'must be base64, e.g. aGVsbG8=')
      .optional()
      .describe('fixed binary contents, base64 (instead of text)'),
  })
  .refine((resource) => resource.text === undefined || resource.blob === undefined, {
    message: 'takes text or blob, not both',
    path: ['blob'],
  })
  .describe('one resource of the server');

export const mockResourceTemplateSchema = z
  .strictObject({
    uriTemplate: z
      .string()
      .min(1)
      .max(2048)
      .describe('an RFC 6570 URI template, e.g. tracker://issues/{id}; a read of a matching URI is answered from the world'),
    name: z.string().min(1).max(256).describe('its name, as resources/templates/list shows it'),
    description: z.string().max(10_000).optional().describe('what a resource of this template holds; the simulator reads it'),
    mimeType: z.string().max(256).optional().describe('e.g. application/json'),
  })
  .describe('one resource template of the server');

export const mockPromptArgumentSchema = z
  .strictObject({
    name: z.string().min(1).max(256).describe('the argument name, e.g. issue_id'),
    description: z.string().max(10_000).optional().describe('what it is'),
    required: z.boolean().optional().describe('prompts/get without it is invalid params'),
  })
  .describe('one argument of the prompt');

const base64Text = z.string().max(1_400_000).regex(base64Pattern, 'must be base64, e.g. aGVsbG8=');

const mediaContentSchema = (type: 'image' | 'audio') =>
  z.strictObject({
    type: z.literal(type),
    data: base64Text.describe(`the ${type}, base64`),
    mimeType: z
      .string()
      .max(256)
      .describe(type === 'image' ? 'e.g. image/png' : 'e.g. audio/wav'),
  });

/** What a prompt message holds besides text: an image, audio, or an embedded resource (as MCP's content blocks). */
export const mockPromptContentSchema = z
  .discriminatedUnion('type', [
    mediaContentSchema('image'),
    mediaContentSchema('audio'),
    z.strictObject({
      type: z.literal('resource'),
      resource: z.union([
        z.strictObject({ uri: z.string().min(1).max(2048), mimeType: z.string().max(256).optional(), text: z.string().max(1_000_000) }),
        z.strictObject({ uri: z.string().min(1).max(2048), mimeType: z.string().max(256).optional(), blob: base64Text }),
      ]),
    }),
  ])
  .describe('an image, audio or embedded resource, as MCP content');

export const mockPromptMessageSchema = z
  .strictObject({
    role: z.enum(['user', 'assistant']).describe('who says it'),
    text: z.string().max(100_000).optional().describe('what is said; {{argument}} is replaced by the value of that argument'),
    content: mockPromptContentSchema.optional().describe('instead of text: an image, audio or embedded resource'),
  })
  .refine((message) => (message.text === undefined) !== (message.content === undefined), {
    message: 'takes text or content, one of them',
  })
  .describe('one message of the prompt');

export const mockPromptSchema = z
  .strictObject({
    name: z.string().min(1).max(256).describe('the prompt name, e.g. triage_issue'),
    title: z.string().max(256).optional().describe('a human-friendly prompt name, e.g. Triage an issue'),
    description: z
      .string()
      .max(10_000)
      .optional()
      .describe('what it asks for; the simulator writes the messages from it when none are given'),
    arguments: z.array(mockPromptArgumentSchema).max(100).optional().describe('its arguments'),
    messages: z
      .array(mockPromptMessageSchema)
      .max(100)
      .optional()
      .describe('fixed messages, what prompts/get answers (else generated from the description)'),
    resultDescription: z
      .string()
      .max(10_000)
      .nullable()
      .optional()
      .describe(
        'the description prompts/get answers when it is not the listed one; null: none (a capture writes what the server answered)',
      ),
  })
  .describe('one prompt of the server');

export const mockCompletionSchema = z
  .strictObject({
    prompt: z.string().min(1).max(256).optional().describe('the prompt whose argument it completes'),
    resourceTemplate: z
      .string()
      .min(1)
      .max(2048)
      .optional()
      .describe('or the resource template (its uriTemplate) whose variable it completes'),
    argument: z.string().min(1).max(256).describe('the argument or template variable, e.g. id'),
    values: z
      .array(z.string().max(1000))
      .max(1000)
      .describe('what completion/complete offers: those that start with what the client typed'),
  })
  .refine((completion) => (completion.prompt === undefined) !== (completion.resourceTemplate === undefined), {
    message: 'names a prompt or a resourceTemplate, one of them',
  })
  .describe('fixed completion values of one argument, offered before the values the world holds');

/** The part of a mock server beyond its tools. */
export const mockSurfaceSchema = z
  .strictObject({
    resources: z.array(mockResourceSchema).max(1000).optional().describe('its resources, with fixed contents or none'),
    resourceTemplates: z.array(mockResourceTemplateSchema).max(1000).optional().describe('its resource templates'),
    prompts: z.array(mockPromptSchema).max(1000).optional().describe('its prompts, with fixed messages or none'),
    completions: z
      .array(mockCompletionSchema)
      .max(1000)
      .optional()
      .describe('fixed values completion/complete offers per argument (else the world’s)'),
  })
  .describe('what the mock server offers beside its tools');

export type MockResource = z.output<typeof mockResourceSchema>;
export type MockResourceTemplate = z.output<typeof mockResourceTemplateSchema>;
export type MockPrompt = z.output<typeof mockPromptSchema>;
export type MockCompletion = z.output<typeof mockCompletionSchema>;
export type MockSurface = z.output<typeof mockSurfaceSchema>;

/**
 * A prompt as `prompts/list` and the registry show it: without its messages and what only
 * `prompts/get` answers.
 *
 * @example
 *   toListedPrompt({ name: 'triage', title: 'Triage', messages: [{ role: 'user', text: 'hi' }] }); // { name: 'triage', title: 'Triage' }
 */
export function toListedPrompt({
  messages: _messages,
  resultDescription: _resultDescription,
  ...listed
}: MockPrompt): Omit<MockPrompt, 'messages' | 'resultDescription'> {
  return listed;
}

/** What a mock connection serves beside its tools: the registry entry's lists, with the mock settings' contents and templates. */
export interface ServedSurface {
  resources: MockResource[];
  resourceTemplates: MockResourceTemplate[];
  prompts: MockPrompt[];
  completions: MockCompletion[];
}
