import type { ToolOperation } from './tool-verbs.js';

/** What the inference found out about one tool. */
export interface ToolShape {
  tool: string;
  operation: ToolOperation;
  /** Singular, snake_case: `issue`, `pull_request`; `item` when the name has no noun. */
  entity: string;
  /** Why the entity was re-read from the whole server (server-types.ts), where it was; explain shows it. */
  entityWhy?: string;
  /** The argument naming the entity (`issue_number`); on a create, a key the caller chooses (`branch`, `path`). */
  idArgument: string | null;
  /** The field that holds the id in results: `number` for `issue_number`, `id` for `contact_id`, `path` for `path`. */
  idField: string;
  /** Ids are numbers (`issue_number: integer`): new ones count up from the highest. */
  numericId: boolean;
  /** A read, update or delete of an id the world does not know answers not-found (false: made up and remembered). */
  strict: boolean;
  /** An update that creates a missing entity (`set`, `write_file`, `create_or_update_file`). */
  upsert: boolean;
  /** Fields the verb sets (`close` → `{state: 'closed'}`; `state` stands for `state` or `status`). */
  sets: Readonly<Record<string, unknown>>;
  /** An update or delete of every entity its arguments select, named so (`mark_all_todos_done`, `bulk_mark_read`): it takes no id. */
  every?: true;
  /** An upsert that finds its record by these arguments' values (`email` or `phone`), not by an id (upsert-match.ts). */
  matchBy?: { readonly arguments: readonly string[]; readonly every: boolean };
  /** `add_label(number, label)`: the update adds the argument's value to a list field (or removes it). */
  listField: {
    field: string;
    argument: string;
    remove: boolean;
    /** Why, where the description said it (described-membership.ts). */ why?: string;
  } | null;
  /** A read by field values (`find_contact(email)`) rather than by id. */
  find: boolean;
  /** An argument whose value picks the operation per call (`method: create | update`), with each choice's shape. */
  dispatch: { argument: string; choices: Readonly<Record<string, ToolShape>> } | null;
  /** What decided the operation: the scenario, the name, the annotations, a verbless name's description, or nothing (`other`). */
  basis: 'override' | 'name' | 'annotations' | 'description' | 'none';
}

/**
 * What each tool of a server does: the tool's own shape, or the choices of one that picks its
 * operation by an argument (`manage_issue(operation)`), where those say what it makes and reads.
 *
 * @example
 *   toShapeChoices(shapes).some((choice) => choice.entity === 'issue' && choice.operation === 'create');
 */
export function toShapeChoices(shapes: ReadonlyMap<string, ToolShape>): ToolShape[] {
  return [...shapes.values()].flatMap((shape) => (shape.dispatch ? Object.values(shape.dispatch.choices) : [shape]));
}

/**
 * Whether a create of the server (a dispatching tool's create choice too) makes `type`, or, unless
 * `upserts` is false, an upsert writes it.
 *
 * @example
 *   writesType(shapes, 'note', { upserts: false }); // true on a server with create_note
 */
export function writesType(shapes: ReadonlyMap<string, ToolShape>, type: string, { upserts = true } = {}): boolean {
  return toShapeChoices(shapes).some((choice) => choice.entity === type && (choice.operation === 'create' || (upserts && choice.upsert)));
}
