/**
 * An entity's keys: the field its id is in and the other keys that name the same record (issue 36).
 * Real services name one record two ways: Rollbar's `update-item(itemId)` and `get-item-details(counter)`,
 * GitLab's global `id` and per-project `iid`, Jira's `id` and `key` (`OPS-12`), Shopify's `id` and
 * `handle`. The tools that read, update or delete a type by an argument whose field is a key word
 * name its keys; a known service (data/id-formats.json `keys`) adds the keys its tools leave out.
 * The id field is `id` where a tool names the type by it, else the first tool's (never an `address`, a chain's
 * key of an account, contract or token beside the record's id, nor a `username`, which a person picks beside the id
 * their service gives them); the rest are other keys.
 */
import type { ToolShape } from './tool-shape.js';
import { toWords } from './entity-words.js';
import { knownOtherKeys } from './service-id-formats.js';

/** How a new entity's value of a key is made: a count per parent, `<PROJECT>-<n>`, from its name, or in the service's id format. */
export type KeyFormat = 'counter' | 'project_key' | 'slug' | 'username' | 'id';

/** One other key of a type: the field it is in, how its values look, and the arguments that take it. */
export interface EntityKey {
  field: string;
  format: KeyFormat;
  arguments: string[];
}

/** A type's id field and its other keys. */
export interface EntityKeys {
  idField: string;
  /** How the id field's values look: a GitLab issue named by its `iid` counts per project. */
  idFormat: KeyFormat;
  keys: EntityKey[];
}

/** Last words of a field that make it a key of the type it names, with the format of its values. */
const keyWords: Readonly<Record<string, KeyFormat>> = {
  id: 'id',
  uid: 'id',
  counter: 'counter',
  iid: 'counter',
  number: 'counter',
  key: 'project_key',
  identifier: 'project_key',
  handle: 'slug',
  slug: 'slug',
  username: 'username',
  login: 'username',
  address: 'id',
};

/**
 * The keys of `entity` as the server's tools (and, for a known service, its API) name them.
 *
 * @example
 *   toEntityKeys(rollbarShapes, 'item', []); // { idField: 'id', keys: [{ field: 'counter', format: 'counter', arguments: ['counter'] }] }
 */
export function toEntityKeys(shapes: ReadonlyMap<string, ToolShape>, entity: string, serverNames: readonly string[]): EntityKeys {
  const fields = new Map<string, { format: KeyFormat; arguments: string[] }>();
  let first: string | undefined;
  for (const shape of shapes.values()) {
    if (shape.entity !== entity || shape.idArgument === null || shape.operation === 'create' || shape.find) continue;
    first ??= shape.idField;
    const format = keyFormatOf(shape.idArgument, shape.idField, entity);
    if (format === null) continue;
    const found = fields.get(shape.idField) ?? { format, arguments: [] };
    if (!found.arguments.includes(shape.idArgument)) found.arguments.push(shape.idArgument);
    fields.set(shape.idField, found);
  }
  // An address is a key the chain gives a record beside the id its service keeps (an account, a contract, a token), and a
  // username one a person picks and may change beside the id their service gives them (`get_user(username)`).
  const beside = first === 'address' || (first !== undefined && fields.get(first)?.format === 'username');
  const named = beside ? 'id' : first;
  const idField = fields.has('id') ? 'id' : (named ?? [...shapes.values()].find((shape) => shape.entity === entity)?.idField ?? 'id');
  for (const known of knownOtherKeys(serverNames, entity))
    if (!fields.has(known)) fields.set(known, { format: keyWords[toWords(known).at(-1) ?? ''] ?? 'id', arguments: [] });
  const keys = [...fields]
    .filter(([field]) => field !== idField)
    .map(([field, found]) => ({ field, format: found.format, arguments: found.arguments }));
  return { idField, idFormat: keyWords[toWords(idField).at(-1) ?? ''] ?? 'id', keys };
}

/**
 * The format of the key an argument names, or null when it names no key of `entity`: its field's last
 * word is a key word, and the words before it are none or the entity's (`issue_key`, not `project_key`,
 * which is the project's key; `partition_key` is no key of a document).
 */
function keyFormatOf(argument: string, field: string, entity: string): KeyFormat | null {
  const format = keyWords[toWords(field).at(-1) ?? ''];
  if (format === undefined) return null;
  const words = toWords(argument);
  const before = words.slice(0, -1).join('_');
  const own = toWords(entity);
  return before === '' || before === own.join('_') || before === own.at(-1) ? format : null;
}
