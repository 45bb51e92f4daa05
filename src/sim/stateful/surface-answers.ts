/**
 * How a mock answers `resources/read` and `prompts/get` without a model: fixed contents when the
 * scenario gives them, else made from the connection's world (docs/simulator.md, "Resources and
 * prompts"). A template URI names an entity (`tracker://issues/{id}` read as
 * `tracker://issues/12` is issue 12 as JSON); an id the world lacks is a not-found.
 */
import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import type { GetPromptResult, ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import type { WorldState } from '../../domain/memory-log.js';
import type { MockPrompt, MockResource, MockResourceTemplate, ServedSurface } from '../../domain/mock-surface.js';
import { toWords } from '../../reading/entity-words.js';
import { mcpStringLimits } from '../../domain/mcp-limits.js';
import { findEntity, findEntityType, isIdName } from './world-entity-lookup.js';

/**
 * What a resource's contents are made from, so a session re-reads a subscribed resource only when
 * a call changed that (mcp/session/session-subscriptions.ts): nothing in the world (fixed contents, no
 * such resource), its facts, every entity of a type, or one entity (of any type when the URI names
 * none the world holds). Which type a URI names depends on the types the world holds, so a new type
 * changes every dependency.
 */
export type ResourceDependency =
  { on: 'nothing' } | { on: 'facts' } | { on: 'type'; type: string } | { on: 'entity'; type: string | null; id: string };

export type ResourceRead = ({ result: ReadResourceResult } | { notFound: string }) & { dependsOn: ResourceDependency };
export type PromptAnswer = { result: GetPromptResult } | { missingArgument: string } | { unknownPrompt: string };

/**
 * Reads one resource of a mock: a listed resource (its fixed contents, else the entities of the
 * type its URI names, else its description and the world's facts), or a URI a template matches
 * (the entity its variables name).
 *
 * @example
 *   readMockResource(surface, 'tracker://issues/12', world); // { result: { contents: [{ uri, mimeType: 'application/json', text: '{"id":"12",...}' }] } }
 */
export function readMockResource(surface: ServedSurface, uri: string, world: WorldState): ResourceRead {
  const listed = surface.resources.find((resource) => resource.uri === uri);
  if (listed) return readListed(listed, world);
  for (const template of surface.resourceTemplates) {
    const variables = matchTemplate(template, uri);
    if (variables) return readFromTemplate(template, uri, variables, world);
  }
  return {
    notFound: `Resource not found: ${uri}; resources/list and resources/templates/list show what this server has`,
    dependsOn: { on: 'nothing' },
  };
}

/** The variables of `uri` when `template` matches it, else null (also past the URI length limit, where matching gets slow and then throws). */
export function matchTemplate(template: MockResourceTemplate, uri: string): Record<string, string> | null {
  if (uri.length > mcpStringLimits.uriLength) return null;
  const variables = new UriTemplate(template.uriTemplate).match(uri);
  if (!variables) return null;
  return Object.fromEntries(Object.entries(variables).map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : value]));
}

function readListed(resource: MockResource, world: WorldState): ResourceRead {
  const { uri, mimeType } = resource;
  const fixed = (content: ReadResourceResult['contents'][number]): ResourceRead => ({
    result: { contents: [content] },
    dependsOn: { on: 'nothing' },
  });
  if (resource.blob !== undefined) return fixed({ uri, mimeType: mimeType ?? 'application/octet-stream', blob: resource.blob });
  if (resource.text !== undefined) return fixed({ uri, mimeType: mimeType ?? 'text/plain', text: resource.text });
  // The entities of the type the URI names (`tracker://issues`), as a JSON list.
  const type = findEntityType(world, [uri, resource.name]);
  if (type !== null) {
    const entities = Object.entries(world.entities[type]!).map(([id, fields]) => ({ id, ...fields }));
    const text = JSON.stringify(entities, null, 2);
    return { result: { contents: [{ uri, mimeType: mimeType ?? 'application/json', text }] }, dependsOn: { on: 'type', type } };
  }
  const lines = [`# ${resource.name}`, ...(resource.description ? ['', resource.description] : [])];
  if (world.facts.length > 0) lines.push('', ...world.facts.map((fact) => `- ${fact}`));
  return { result: { contents: [{ uri, mimeType: mimeType ?? 'text/markdown', text: lines.join('\n') }] }, dependsOn: { on: 'facts' } };
}

function readFromTemplate(template: MockResourceTemplate, uri: string, variables: Record<string, string>, world: WorldState): ResourceRead {
  const names = Object.keys(variables);
  const idName = names.find(isIdName) ?? names.at(-1);
  const id = idName === undefined ? undefined : variables[idName];
  if (idName === undefined || id === undefined)
    return { notFound: `Resource not found: ${uri} names no entity`, dependsOn: { on: 'nothing' } };
  const type = findEntityType(world, [idName, template.uriTemplate.split('{')[0] ?? '', template.name]);
  const entity = findEntity(world, type, id);
  const dependsOn: ResourceDependency = { on: 'entity', type, id };
  if (!entity) {
    const what = type === null ? `an entity with id "${id}"` : `${type} "${id}"`;
    return { notFound: `Resource not found: ${uri}; the world holds no ${what} (completion/complete offers the ids it holds)`, dependsOn };
  }
  const text = JSON.stringify({ id, ...entity.fields }, null, 2);
  return { result: { contents: [{ uri, mimeType: template.mimeType ?? 'application/json', text }] }, dependsOn };
}

/**
 * Answers `prompts/get`: the fixed messages with `{{argument}}` replaced, else one user message
 * made from the description, the arguments and the entities they name.
 *
 * @example
 *   getMockPrompt(surface, 'triage_issue', { id: '12' }, world); // { result: { messages: [{ role: 'user', content: { type: 'text', text: 'Triage issue 12' } }] } }
 */
export function getMockPrompt(surface: ServedSurface, name: string, args: Record<string, string>, world: WorldState): PromptAnswer {
  const prompt = surface.prompts.find((candidate) => candidate.name === name);
  if (!prompt) return { unknownPrompt: name };
  const missing = (prompt.arguments ?? []).find((argument) => argument.required === true && args[argument.name] === undefined);
  if (missing) return { missingArgument: missing.name };
  // A captured prompt answers the description its server answered (none, when it sent none).
  const answered = prompt.resultDescription === undefined ? prompt.description : prompt.resultDescription;
  const description = answered == null ? {} : { description: answered };
  if (prompt.messages !== undefined) {
    const messages = prompt.messages.map(({ role, text, content }) => ({
      role,
      content: content ?? { type: 'text' as const, text: substitute(text ?? '', args) },
    }));
    return { result: { ...description, messages } };
  }
  return {
    result: { ...description, messages: [{ role: 'user', content: { type: 'text', text: toGeneratedText(prompt, args, world) } }] },
  };
}

function substitute(text: string, args: Record<string, string>): string {
  return text.replace(/\{\{\s*([^}\s]+)\s*\}\}/g, (whole, name: string) => (Object.hasOwn(args, name) ? args[name]! : whole));
}

/** The description, then each argument's value, then the entity an id argument names, as JSON. */
function toGeneratedText(prompt: MockPrompt, args: Record<string, string>, world: WorldState): string {
  const lines = [prompt.description ?? toWords(prompt.name).join(' ')];
  const given = Object.entries(args);
  if (given.length > 0) lines.push('', ...given.map(([name, value]) => `${name}: ${value}`));
  for (const [name, value] of given) {
    if (!isIdName(name)) continue;
    const entity = findEntity(world, findEntityType(world, [name, prompt.name]), value);
    if (entity) lines.push('', `${entity.type} ${value}:`, JSON.stringify({ id: value, ...entity.fields }, null, 2));
  }
  return lines.join('\n');
}
