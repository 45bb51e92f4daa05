/**
 * The JSON-RPC side of what a mock serves beside its tools: resources (list, templates, read,
 * subscribe), prompts (list, get) and completion, answered from the scenario's contents or the
 * connection's world (sim/stateful/surface-answers.ts). The same answers serve a stateless POST
 * and a session; a session also remembers subscriptions (mock-session.ts).
 */
import { CompleteRequestSchema, ErrorCode, GetPromptRequestSchema, ReadResourceRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { toFieldMessage } from '../domain/field-message.js';
import { toListedPrompt } from '../domain/mock-surface.js';
import type { MockSurfaces } from '../sim/mock-surfaces.js';
import type { MockConnection } from '../sim/mock-tool-runner.js';
import { completeFromWorld } from '../sim/stateful/surface-completions.js';
import { getMockPrompt, readMockResource } from '../sim/stateful/surface-answers.js';
import { toJsonRpcError, toJsonRpcResult, type JsonRpcRequest } from './json-rpc.js';

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
      return toJsonRpcResult(request.id, { completion: completeFromWorld(surface, reference, argument, surfaces.worldOf(connection)) });
    }
    default:
      // resources/subscribe and unsubscribe: accepted (a session also remembers them).
      return toJsonRpcResult(request.id, {});
  }
}

function invalidParams(request: JsonRpcRequest, issues: readonly z.core.$ZodIssue[]) {
  return toJsonRpcError(
    request.id,
    ErrorCode.InvalidParams,
    `Invalid params for ${request.method}: ${toFieldMessage(issues, request.message, 'message')}`,
  );
}
