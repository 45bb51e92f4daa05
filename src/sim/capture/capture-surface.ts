/**
 * What a capture keeps of a server beside its tools: the resources, resource templates and prompts
 * it listed, the contents of each resource read, the messages of each prompt got and the values
 * each completion offered, in the shape a scenario's `servers[]` entry takes (`resources:`,
 * `resourceTemplates:`, `prompts:`, `completions:`), so the
 * captured mock lists and answers them as the server did (docs/capture.md).
 */
import {
  mockPromptContentSchema,
  type MockCompletion,
  type MockPrompt,
  type MockResource,
  type MockResourceTemplate,
  type MockSurface,
} from '../../domain/mock-surface.js';

type CapturedResource = MockResource;
type CapturedResourceTemplate = MockResourceTemplate;
type CapturedPrompt = MockPrompt;
/** The part of a scenario server beyond its tools, as captured; absent lists were never seen. */
export type CapturedSurface = MockSurface;

export interface SurfaceCapture {
  /** Takes one answered request (`resources/*`, `prompts/*`); false when it changed nothing. */
  add(method: string, params: Record<string, unknown>, result: Record<string, unknown>): boolean;
  /** What to write in the scenario's server entry. */
  toSurface(): CapturedSurface;
}

/**
 * Collects the surface of one captured server, listings merged page by page in the order seen.
 *
 * @example
 *   const surface = createSurfaceCapture();
 *   surface.add('resources/list', {}, { resources: [{ uri: 'test://a', name: 'a' }] });
 *   surface.add('resources/read', { uri: 'test://a' }, { contents: [{ uri: 'test://a', text: 'hello' }] });
 *   surface.toSurface(); // { resources: [{ uri: 'test://a', name: 'a', text: 'hello' }] }
 */
export function createSurfaceCapture(): SurfaceCapture {
  let resources: Map<string, CapturedResource> | null = null;
  let templates: Map<string, CapturedResourceTemplate> | null = null;
  let prompts: Map<string, CapturedPrompt> | null = null;
  // Reads and gets are kept apart from the listings, which a later listing replaces.
  const contents = new Map<string, Pick<CapturedResource, 'text' | 'blob' | 'mimeType'>>();
  const messages = new Map<string, NonNullable<CapturedPrompt['messages']>>();
  // The description each first get answered (null: none), which may not be the listed one.
  const gotDescriptions = new Map<string, string | null>();
  // Per prompt or template and argument, every value the server offered, in the order first seen.
  const completions = new Map<string, { completion: Omit<MockCompletion, 'values'>; values: Set<string> }>();

  return {
    add(method, params, result) {
      const firstPage = typeof params.cursor !== 'string';
      switch (method) {
        case 'resources/list':
          if (firstPage || !resources) resources = new Map();
          for (const resource of listOf(result.resources)) {
            const uri = stringOf(resource.uri);
            const name = stringOf(resource.name);
            if (uri !== undefined) resources.set(uri, { uri, name: name ?? uri, ...describedBy(resource) });
          }
          return true;
        case 'resources/templates/list':
          if (firstPage || !templates) templates = new Map();
          for (const template of listOf(result.resourceTemplates)) {
            const uriTemplate = stringOf(template.uriTemplate);
            if (uriTemplate !== undefined)
              templates.set(uriTemplate, { uriTemplate, name: stringOf(template.name) ?? uriTemplate, ...describedBy(template) });
          }
          return true;
        case 'resources/read': {
          const uri = stringOf(params.uri);
          const content = listOf(result.contents).find((part) => part.uri === uri) ?? listOf(result.contents)[0];
          if (uri === undefined || !content || contents.has(uri)) return false;
          const text = stringOf(content.text);
          const blob = stringOf(content.blob);
          const mimeType = stringOf(content.mimeType);
          contents.set(uri, {
            ...(text !== undefined ? { text } : blob !== undefined ? { blob } : { text: '' }),
            ...(mimeType ? { mimeType } : {}),
          });
          return true;
        }
        case 'prompts/list':
          if (firstPage || !prompts) prompts = new Map();
          for (const prompt of listOf(result.prompts)) {
            const name = stringOf(prompt.name);
            if (name === undefined) continue;
            const args = listOf(prompt.arguments).flatMap((argument) => {
              const argumentName = stringOf(argument.name);
              if (argumentName === undefined) return [];
              const description = stringOf(argument.description);
              return [
                {
                  name: argumentName,
                  ...(description !== undefined ? { description } : {}),
                  ...(typeof argument.required === 'boolean' ? { required: argument.required } : {}),
                },
              ];
            });
            const title = stringOf(prompt.title);
            const description = stringOf(prompt.description);
            prompts.set(name, {
              name,
              ...(title !== undefined ? { title } : {}),
              ...(description !== undefined ? { description } : {}),
              ...(args.length > 0 ? { arguments: args } : {}),
            });
          }
          return true;
        case 'prompts/get': {
          const name = stringOf(params.name);
          if (name === undefined || messages.has(name)) return false;
          messages.set(name, toPromptMessages(result.messages, params.arguments));
          gotDescriptions.set(name, stringOf(result.description) ?? null);
          return true;
        }
        case 'completion/complete': {
          const completion = toCompletionKey(params);
          const values = (result.completion as { values?: unknown } | undefined)?.values;
          if (!completion || !Array.isArray(values)) return false;
          const key = JSON.stringify(completion);
          const seen = completions.get(key) ?? completions.set(key, { completion, values: new Set() }).get(key)!;
          for (const value of values) if (typeof value === 'string') seen.values.add(value);
          return true;
        }
        default:
          return false;
      }
    },
    toSurface() {
      const surface: CapturedSurface = {};
      // A resource read but never listed (a template's URI) is written as a resource, so its read replays.
      const listed = resources ?? new Map<string, CapturedResource>();
      const read = [...contents.keys()].filter((uri) => !listed.has(uri)).map((uri) => ({ uri, name: uri }));
      if (resources || read.length > 0)
        surface.resources = [...listed.values(), ...read].map((resource) => ({ ...resource, ...contents.get(resource.uri) }));
      if (templates) surface.resourceTemplates = [...templates.values()];
      if (completions.size > 0)
        surface.completions = [...completions.values()].map(({ completion, values }) => ({ ...completion, values: [...values] }));
      if (prompts || messages.size > 0) {
        const known = prompts ?? new Map<string, CapturedPrompt>();
        const got = [...messages.keys()].filter((name) => !known.has(name)).map((name): CapturedPrompt => ({ name }));
        surface.prompts = [...known.values(), ...got].map((prompt) => {
          const said = messages.get(prompt.name);
          if (!said) return prompt;
          // The mock answers a get with the listed description unless told otherwise: told only when the server answered another (or none).
          const answered = gotDescriptions.get(prompt.name) ?? null;
          return { ...prompt, messages: said, ...(answered === (prompt.description ?? null) ? {} : { resultDescription: answered }) };
        });
      }
      return surface;
    },
  };
}

/**
 * A prompt's messages as a scenario writes them: text with each argument value of the get written
 * back as `{{argument}}` (so the mock answers other values in kind); an image, audio or embedded
 * resource as it came, when the scenario schema takes it (else named in brackets).
 */
function toPromptMessages(value: unknown, args: unknown): NonNullable<CapturedPrompt['messages']> {
  const given = Object.entries(args !== null && typeof args === 'object' ? (args as Record<string, unknown>) : {})
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].length >= 3)
    .sort((a, b) => b[1].length - a[1].length);
  return listOf(value).map((message) => {
    const content = (message.content ?? {}) as Record<string, unknown>;
    const role = message.role === 'assistant' ? 'assistant' : 'user';
    if (content.type !== 'text') {
      const kept = mockPromptContentSchema.safeParse(toKnownContent(content));
      if (kept.success) return { role, content: kept.data };
    }
    let text = typeof content.text === 'string' ? content.text : `[${stringOf(content.type) ?? 'content'}]`;
    for (const [name, argument] of given) text = text.split(argument).join(`{{${name}}}`);
    return { role, text };
  });
}

/** Which argument of which prompt or template a `completion/complete` asked about, as a scenario names it. */
function toCompletionKey(params: Record<string, unknown>): Omit<MockCompletion, 'values'> | null {
  const ref = (params.ref ?? {}) as Record<string, unknown>;
  const argument = stringOf((params.argument as Record<string, unknown> | undefined)?.name);
  if (argument === undefined) return null;
  const name = stringOf(ref.name);
  const uri = stringOf(ref.uri);
  if (ref.type === 'ref/prompt' && name !== undefined) return { prompt: name, argument };
  if (ref.type === 'ref/resource' && uri !== undefined) return { resourceTemplate: uri, argument };
  return null;
}

/** A content block without what the scenario schema does not keep (`annotations`, `_meta`). */
function toKnownContent(content: Record<string, unknown>): Record<string, unknown> {
  const { annotations: _annotations, _meta, ...known } = content;
  if (known.type !== 'resource' || known.resource === null || typeof known.resource !== 'object') return known;
  const { _meta: _resourceMeta, ...resource } = known.resource as Record<string, unknown>;
  return { ...known, resource };
}

function describedBy(item: Record<string, unknown>): { description?: string; mimeType?: string } {
  const description = stringOf(item.description);
  const mimeType = stringOf(item.mimeType);
  return { ...(description !== undefined ? { description } : {}), ...(mimeType !== undefined ? { mimeType } : {}) };
}

function listOf(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter((item): item is Record<string, unknown> => item !== null && typeof item === 'object') : [];
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
