/**
 * A whole entity written as text: `kubectl apply` and the tools built on it take a manifest as JSON
 * or YAML (`resources_create_or_update(resource: "apiVersion: apps/v1\nkind: Deployment\n…")`),
 * and the service stores the object the text spells, never the text. JSON is parsed as JSON, YAML
 * with the `yaml` package (one document; the first of a `---` stream), required at its first use
 * since a start needs it not (domain/lazy-packages.ts). Only a mapping of two or more members
 * counts, so a plain name (`web`) or a one-line `key: value` note stays text; where the argument's
 * schema says it takes JSON or YAML, text that spells no object is refused, as the
 * service's apply refuses what it cannot parse. Pure.
 */
import { yamlPackage } from '../../domain/lazy-packages.js';
import { isRecord } from '../../domain/json-record.js';
import { toNormalName } from '../../domain/world-query.js';
import { propertiesOf } from '../../reading/tool-id-argument.js';
import type { ToolDefinition } from '../../domain/registry.js';
import type { ToolShape } from '../../reading/tool-shape.js';

/**
 * The object a JSON or YAML text spells, or null for anything else (plain text, a list, a scalar, text that does not parse).
 *
 * @example
 *   toManifestObject('{"kind":"Service","metadata":{"name":"web"}}'); // { kind: 'Service', metadata: { name: 'web' } }
 *   toManifestObject('kind: Service\nmetadata:\n  name: web\n'); // the same object
 *   toManifestObject('web'); // null
 */
export function toManifestObject(value: unknown): Record<string, unknown> | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const parsed = text.startsWith('{') ? fromJson(text) : /^[\w.-]+\s*:(?:\s|$)/m.test(text) ? fromYaml(text) : undefined;
  return isRecord(parsed) && Object.keys(parsed).length >= 2 ? parsed : null;
}

function fromJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The first document of a YAML stream, or undefined where the text is no valid YAML. */
function fromYaml(text: string): unknown {
  try {
    const [first] = yamlPackage().parseAllDocuments(text, { prettyErrors: false }) as { errors: unknown[]; toJS(): unknown }[];
    return first === undefined || first.errors.length > 0 ? undefined : first.toJS();
  } catch {
    return undefined;
  }
}

/**
 * The error for text that spells no object, given to an argument that carries the entity whole (named for it or read as its
 * id) and that its schema says takes JSON or YAML; null for any other call.
 *
 * @example
 *   toManifestError({ tool: resourcesCreateOrUpdate, shape, args: { resource: 'web' } }); // { error: 'resource is no JSON or YAML object: "web"; …' }
 */
export function toManifestError(call: {
  tool: ToolDefinition;
  shape: Pick<ToolShape, 'entity' | 'idArgument' | 'operation'>;
  args: Readonly<Record<string, unknown>>;
}): { error: string } | null {
  if (call.shape.operation !== 'create' && call.shape.operation !== 'update') return null;
  for (const [name, schema] of Object.entries(propertiesOf(call.tool))) {
    const value = call.args[name];
    if (typeof value !== 'string' || typeof schema.description !== 'string' || !takesObjectText(schema.description)) continue;
    if (toNormalName(name) !== toNormalName(call.shape.entity) && name !== call.shape.idArgument) continue;
    if (toManifestObject(value) === null)
      return {
        error: `${name} is no JSON or YAML object: ${JSON.stringify(value.slice(0, 80))}; give the whole ${call.shape.entity} as JSON or YAML text`,
      };
  }
  return null;
}

/** "Complete YAML or JSON representation of the resource", "the workflow definition as JSON": a description of an object written as text. */
function takesObjectText(description: string): boolean {
  const nouns = String.raw`(?:representation|manifest|definition|document|object|body)`;
  return (
    new RegExp(String.raw`\b(?:yaml|json)(?:\s+or\s+(?:yaml|json))?\s+(?:${nouns}|string|text)\b`, 'i').test(description) ||
    new RegExp(String.raw`\b${nouns}\s+(?:in|as)\s+(?:yaml|json)\b`, 'i').test(description)
  );
}
