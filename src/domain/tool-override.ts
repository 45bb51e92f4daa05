/**
 * A scenario's correction of how a tool is read, as the platform stores it (mock settings, the
 * control API, the memory cache): data only. How a server's tools are read is `reading/`'s; this
 * is what a correction may say, so the store and the settings schema need nothing from there.
 */

/** What a tool does to the entity it names. `other` is any other action (navigate, send a signal, run). */
export const toolOperations = ['create', 'read', 'list', 'search', 'update', 'delete', 'other'] as const;

export type ToolOperation = (typeof toolOperations)[number];

/** A scenario's correction of the inference for one tool; what it leaves out is still inferred. */
export interface ToolOverride {
  operation?: ToolOperation | undefined;
  /** The entity type, singular, e.g. `ticket`. */
  entity?: string | undefined;
  /** The argument that holds the entity's id; null: the tool takes none. */
  id?: string | null | undefined;
  /** The field that holds that id in results (`key` for `project_key`). */
  field?: string | undefined;
  /** Fields an update sets (`{ status: 'archived' }`). */
  sets?: Readonly<Record<string, unknown>> | undefined;
  /** Whether an unknown id is a not-found (else made up once and remembered). */
  notFound?: boolean | undefined;
  /** Whether an update creates what it does not find. */
  upsert?: boolean | undefined;
}

/**
 * A scenario's correction of how one entity type is read (`entities:`); what it leaves out is
 * still inferred.
 */
export interface EntityCorrection {
  /** The format of a new id: a prefix with a random tail (`crd_`), an example id (`INC-1042`), or a pattern. */
  id?: { prefix?: string | undefined; example?: string | undefined; pattern?: string | undefined } | undefined;
  /** The parent type and the argument of the type's tools that names it; null: the type has none. */
  parent?: { type: string; argument: string } | null | undefined;
  /** The values its state takes, in lifecycle order (`[open, archived]`). */
  states?: readonly string[] | undefined;
  /** Fields no two entities of the type share. */
  unique?: readonly string[] | undefined;
}
