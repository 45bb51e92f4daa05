/**
 * The answers of what a mock serves beside its tools: resources (list, templates, read), prompts
 * (list, get) and completion, from the scenario's contents or the connection's world
 * (sim/surface-answers.ts). Each is a row's answer in the method table (mock-methods.ts), which
 * has checked the request's params and the length of its strings first. The same answers serve a
 * stateless POST and a session; a session also remembers subscriptions (mock-session.ts).
 */
import { ErrorCode, type CompleteRequest, type GetPromptRequest, type ReadResourceRequest } from '@modelcontextprotocol/sdk/types.js';
import type { MockSurfaces } from '../../sim/mock-surfaces.js';
import type { MockConnection } from '../../sim/mock-tool-runner.js';
import { completeFromWorld, getMockPrompt, readMockResource, type CompletionReference } from '../../sim/surface-answers.js';
import { toListedPrompt, type ServedSurface } from '../../domain/mock-surface.js';
import { toJsonRpcError, toJsonRpcResult, type JsonRpcRequest } from '../json-rpc.js';

/** The error code of a resource that does not exist, as the MCP SDK's reference servers answer it. */
export const resourceNotFoundCode = -32002;

/** The mock a surface answer reads: its connection and where its resources, prompts and world come from. */
export interface SurfaceSource {
  connection: MockConnection;
  surfaces: MockSurfaces;
}

/** @example listResources(request, source); // { jsonrpc, id, result: { resources: [{ uri, name }] } } */
export function listResources(request: JsonRpcRequest, { surfaces, connection }: SurfaceSource): unknown {
  const { resources } = surfaces.surfaceOf(connection);
  return toJsonRpcResult(request.id, { resources: resources.map(({ text: _text, blob: _blob, ...listed }) => listed) });
}

export function listResourceTemplates(request: JsonRpcRequest, { surfaces, connection }: SurfaceSource): unknown {
  return toJsonRpcResult(request.id, { resourceTemplates: surfaces.surfaceOf(connection).resourceTemplates });
}

export function listPrompts(request: JsonRpcRequest, { surfaces, connection }: SurfaceSource): unknown {
  return toJsonRpcResult(request.id, { prompts: surfaces.surfaceOf(connection).prompts.map(toListedPrompt) });
}

/** @example readResource(request, parsed, source); // { jsonrpc, id, result: { contents: [...] } }, or -32002 naming the URI */
export function readResource(request: JsonRpcRequest, { params }: ReadResourceRequest, { surfaces, connection }: SurfaceSource): unknown {
  const read = readMockResource(surfaces.surfaceOf(connection), params.uri, surfaces.worldOf(connection));
  if ('notFound' in read) return toJsonRpcError(request.id, resourceNotFoundCode, read.notFound, { uri: params.uri });
  return toJsonRpcResult(request.id, read.result);
}

export function getPrompt(request: JsonRpcRequest, { params }: GetPromptRequest, { surfaces, connection }: SurfaceSource): unknown {
  const { name, arguments: args = {} } = params;
  const surface = surfaces.surfaceOf(connection);
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

/** The completion's values; a prompt or resource template the server does not have is -32602 (the spec). */
export function complete(request: JsonRpcRequest, { params }: CompleteRequest, { surfaces, connection }: SurfaceSource): unknown {
  const { ref, argument } = params;
  const surface = surfaces.surfaceOf(connection);
  const reference = ref.type === 'ref/prompt' ? { type: ref.type, name: ref.name } : { type: 'ref/resource' as const, uri: ref.uri };
  const unknown = findUnknownReference(surface, reference);
  if (unknown) return toJsonRpcError(request.id, ErrorCode.InvalidParams, unknown);
  return toJsonRpcResult(request.id, { completion: completeFromWorld(surface, reference, argument, surfaces.worldOf(connection)) });
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
