/**
 * A whole entity written as text: `kubectl apply` and the tools built on it take a manifest as JSON
 * or YAML (`resources_create_or_update(resource: "apiVersion: apps/v1\nkind: Deployment\n…")`),
 * and the service stores the object the text spells, never the text. JSON is parsed as JSON, YAML
 * with the `yaml` package (one document; the first of a `---` stream). Only a mapping of two or more
 * members counts, so a plain name (`web`) or a one-line `key: value` note stays text. Pure.
 */
import { parseAllDocuments } from 'yaml';
import { isRecord } from '../../domain/json-record.js';

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
    const [first] = parseAllDocuments(text, { prettyErrors: false }) as { errors: unknown[]; toJS(): unknown }[];
    return first === undefined || first.errors.length > 0 ? undefined : first.toJS();
  } catch {
    return undefined;
  }
}
