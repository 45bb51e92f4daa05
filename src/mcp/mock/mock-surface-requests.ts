/**
 * The JSON-RPC side of what a mock serves beside its tools: resources (list, templates, read,
 * subscribe), prompts (list, get) and completion, answered from the scenario's contents or the
 * connection's world (sim/stateful/surface-answers.ts). The same answers serve a stateless POST
 * and a session; a session also remembers subscriptions (mock-session.ts).
 */
import { CompleteRequestSchema, ErrorCode, GetPromptRequestSchema, ReadResourceRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { toFieldMessage } from '../../domain/field-message.js';
import { mcpStringLimits, toLimitMessage } from '../../domain/mcp-limits.js';
import type { MockSurfaces } from '../../sim/mock-surfaces.js';
import type { MockConnection } from '../../sim/mock-tool-runner.js';
import { completeFromWorld, getMockPrompt, readMockResource, type CompletionReference } from '../../sim/surface-answers.js';
import { toListedPrompt, type ServedSurface } from '../../domain/mock-surface.js';
import { toJsonRpcError, toJsonRpcResult, type JsonRpcRequest } from '../json-rpc.js';

/** The error code of a resource that does not exist, as the MCP SDK's reference servers answer it. */
export const resourceNotFoundCode = -32002;

/** The methods `answerSurfaceRequest` answers. */
export const surfaceMethods: ReadonlySet<string> = new Set([
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'resources/subscribe',
  'resources/unsubscribe',
  'prompts/list',
  'prompts/get',
  'completion/complete',
]);

/**
 * Answers one request about a mock's resources, prompts or completions (one of `surfaceMethods`).
 *
 * @example
 *   answerSurfaceRequest(request, surfaces, connection); // { jsonrpc, id, result: { contents: [...] } } for resources/read
 */
export function answerSurfaceRequest(request: JsonRpcRequest, surfaces: MockSurfaces, connection: MockConnection): unknown {
  const tooLong = findLongUri(request);
  if (tooLong !== null) return toJsonRpcError(request.id, ErrorCode.InvalidParams, tooLong);
  const surface = surfaces.surfaceOf(connection);
  switch (request.method) {
    case 'resources/list':
      return toJsonRpcResult(request.id, { resources: surface.resources.map(({ text: _text, blob: _blob, ...listed }) => listed) });
    case 'resources/templates/list':
      return toJsonRpcResult(request.id, { resourceTemplates: surface.resourceTemplates });
    case 'prompts/list':
      return toJsonRpcResult(request.id, { prompts: surface.prompts.map(toListedPrompt) });
    case 'resources/read': {
      const parsed = ReadResourceRequestSchema.safeParse(request.message);
      if (!parsed.success) return invalidParams(request, parsed.error.issues);
      const read = readMockResource(surface, parsed.data.params.uri, surfaces.worldOf(connection));
      if ('notFound' in read) return toJsonRpcError(request.id, resourceNotFoundCode, read.notFound, { uri: parsed.data.params.uri });
      return toJsonRpcResult(request.id, read.result);
    }
    case 'prompts/get': {
      const parsed = GetPromptRequestSchema.safeParse(request.message);
      if (!parsed.success) return invalidParams(request, parsed.error.issues);
      const { name, arguments: args = {} } = parsed.data.params;
      const answer = getMockPrompt(surface, name, args, surfaces.worldOf(connection));
      if ('unknownPrompt' in answer) {
        const names = surface.prompts.map((prompt) => prompt.name).join(', ') || 'none';
        return toJsonRpcError(request.id, ErrorCode.InvalidParams, `Unknown prompt "${name}"; this server has: ${names}`);
      }
      if ('missingArgument' in answer) {
        return toJsonRpcError(
          request.id,
          ErrorCode.InvalidParams,
          `Missing required argument "${answer.missingArgument}" of prompt "${name}"; send it in params.arguments`,
        );
      }
      return toJsonRpcResult(request.id, answer.result);
    }
    case 'completion/complete': {
      const parsed = CompleteRequestSchema.safeParse(request.message);
      if (!parsed.success) return invalidParams(request, parsed.error.issues);
      const { ref, argument } = parsed.data.params;
      const reference = ref.type === 'ref/prompt' ? { type: ref.type, name: ref.name } : { type: 'ref/resource' as const, uri: ref.uri };
      const unknown = findUnknownReference(surface, reference);
      if (unknown) return toJsonRpcError(request.id, ErrorCode.InvalidParams, unknown);
      return toJsonRpcResult(request.id, { completion: completeFromWorld(surface, reference, argument, surfaces.worldOf(connection)) });
    }
    default:
      // resources/subscribe and unsubscribe: accepted (a session also remembers them).
      return toJsonRpcResult(request.id, {});
  }
}

/**
 * The message for a request whose resource URI is past `mcpStringLimits.uriLength`, else null:
 * checked before anything matches it against a template (which gets slow, and throws past a
 * million characters) or quotes it in an error.
 */
function findLongUri(request: JsonRpcRequest): string | null {
  const params = request.message.params as { uri?: unknown; ref?: { uri?: unknown } } | undefined;
  const [path, uri] = request.method === 'completion/complete' ? ['params.ref.uri', params?.ref?.uri] : ['params.uri', params?.uri];
  if (typeof uri !== 'string' || uri.length <= mcpStringLimits.uriLength) return null;
  return `Invalid params for ${request.method}: ${toLimitMessage(`${path} is ${uri.length} characters long`, 'uriLength', mcpStringLimits.uriLength)}`;
}

/** Why a completion's reference names nothing this server has (the spec's -32602), or null when it names a prompt or resource it has. */
function findUnknownReference(surface: ServedSurface, reference: CompletionReference): string | null {
  if (reference.type === 'ref/prompt') {
    if (surface.prompts.some((prompt) => prompt.name === reference.name)) return null;
    const names = surface.prompts.map((prompt) => prompt.name).join(', ') || 'none';
    return `Unknown prompt "${reference.name}"; this server has: ${names}`;
  }
  const uris = [...surface.resourceTemplates.map((template) => template.uriTemplate), ...surface.resources.map((resource) => resource.uri)];
  if (uris.includes(reference.uri)) return null;
  const templates = surface.resourceTemplates.map((template) => template.uriTemplate).join(', ') || 'none';
  return `Unknown resource template "${reference.uri}"; this server's templates: ${templates}`;
}

function invalidParams(request: JsonRpcRequest, issues: readonly z.core.$ZodIssue[]) {
  return toJsonRpcError(
    request.id,
    ErrorCode.InvalidParams,
    `Invalid params for ${request.method}: ${toFieldMessage(issues, request.message, 'message')}`,
  );
}
