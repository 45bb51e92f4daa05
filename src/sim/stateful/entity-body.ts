/**
 * A create or update that carries the whole entity in one object argument named after it
 * (`create_document({ container_id, document: { id, status, items } })`,
 * `create_application({ application: { metadata: { name }, spec: {...} } })`): the object is the
 * entity as written, so its members are stored as given (nested objects too, never as text) and
 * its id is the one inside it (`id`, the type's id field, or a Kubernetes-style `metadata.name`),
 * not a made-up one and never the object itself. A manifest given as JSON or YAML text
 * (`resource: "apiVersion: v1\nkind: Service\n…"`) is that object (manifest-text.ts); the members
 * of its `metadata` the type's tools take as arguments (`name`, `namespace`) are the record's own,
 * so a read by kind, namespace and name finds it and a second apply updates it.
 */
import { toNormalName } from '../../domain/world-query.js';
import { toBatchList } from '../../reading/batch-arguments.js';
import { propertiesOf } from '../../reading/tool-id-argument.js';
import type { AnswerInput } from './world-conventions.js';
import { toManifestObject } from './manifest-text.js';

type Body = Record<string, unknown>;

/**
 * The call with the entity's body spread into its arguments and, on a create, the id the body
 * carries as the id argument; the call unchanged when no argument is the entity's body.
 *
 * @example
 *   withEntityBody(input); // args { container_id: 'orders', id: 'ord-1', status: 'pending' }, shape.idArgument 'id'
 */
export function withEntityBody(input: AnswerInput): AnswerInput {
  const found = bodyArgument(input);
  if (found === null) return input;
  const [name, body] = found;
  const rest = Object.fromEntries(Object.entries(input.args).filter(([key]) => key !== name));
  const args: Body = { ...metadataKeys(input, body), ...body, ...rest };
  const idField = typeIdField(input);
  const bodyId = idOf(body, idField);
  // On an update the id argument already names the entity; the body's id is one of its fields.
  if (input.shape.operation !== 'create' && input.shape.idArgument !== name) return { ...input, args };
  if (bodyId === undefined) return { ...input, args, shape: { ...input.shape, idArgument: null, idField } };
  args[idField] ??= bodyId;
  return { ...input, args, shape: { ...input.shape, idArgument: idField, idField } };
}

/** The argument that is the entity whole: named after the entity (or read as its id) and given an object. */
function bodyArgument(input: AnswerInput): [string, Body] | null {
  const entity = toNormalName(input.shape.entity);
  for (const [name, given] of Object.entries(input.args)) {
    const named = isBodyName(toNormalName(name), entity) || name === input.shape.idArgument;
    const value = isBody(given) ? given : named ? toManifestObject(given) : null;
    if (value === null) continue;
    // `update_items(request: { items: [...] })`: an object that wraps a batch's list is no entity (batch-arguments.ts).
    if (name === input.shape.idArgument && toBatchList(value, propertiesOf(input.tool)[name]) !== undefined) continue;
    if (named) return [name, value];
  }
  return null;
}

/**
 * Words an API's schema names a request body by after its entity: LaunchDarkly's `FeatureFlagBody`,
 * `AIConfigPost` and `AIConfigPatch`, `CustomerCreate`, `issueInput`, `contactData`.
 */
const bodyWords = ['body', 'post', 'put', 'patch', 'create', 'update', 'input', 'data', 'payload', 'fields', 'attributes'];

/** `record` or `recordBody` for a record: the entity's name alone or followed by one body word. */
function isBodyName(normal: string, entity: string): boolean {
  return normal === entity || (normal.startsWith(entity) && bodyWords.includes(normal.slice(entity.length)));
}

/** The members of a body's `metadata` that some tool of the type takes as an argument: `name`, `namespace` of a Kubernetes object. */
function metadataKeys(input: AnswerInput, body: Body): Body {
  if (!isBody(body.metadata)) return {};
  const taken = new Set(
    input.serverTools
      .filter((tool) => input.shapes.get(tool.name)?.entity === input.shape.entity)
      .flatMap((tool) => Object.keys(propertiesOf(tool))),
  );
  return Object.fromEntries(Object.entries(body.metadata).filter(([key, value]) => taken.has(key) && !isBody(value)));
}

/** The field the entity's reads show its id under (`id`, `name`), from the type the reading made of its tools. */
function typeIdField(input: AnswerInput): string {
  const fromType = input.model.entityTypes.get(input.shape.entity)?.idField;
  if (fromType !== undefined && fromType !== input.shape.idArgument) return fromType;
  for (const [name, shape] of input.shapes)
    if (name !== input.tool.name && shape.entity === input.shape.entity && shape.operation === 'read') return shape.idField;
  return 'id';
}

/** The id a body carries: its id field, `id`, or the name in its `metadata` (a Kubernetes resource). */
function idOf(body: Body, idField: string): string | number | undefined {
  const metadata = isBody(body.metadata) ? body.metadata : {};
  for (const value of [body[idField], body.id, metadata[idField], metadata.name])
    if (typeof value === 'string' || typeof value === 'number') return value;
  return undefined;
}

function isBody(value: unknown): value is Body {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
