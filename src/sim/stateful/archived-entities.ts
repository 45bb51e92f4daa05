/**
 * Archived entities, as a service's lists treat them: an archived card, question or issue is gone
 * from the lists that do not ask for archived ones, and shows again in a list that does
 * (`archived: true`, `include_archived`, `filter: 'archived'`). A read by id still finds it. A
 * record a delete kept in its `DELETED` state (deleted-state.ts) is left out and shown the same way.
 */
import { toNormalName } from '../../domain/world-query.js';

/** Fields that say an entity is archived when true. */
const archivedFlags = new Set(['archived', 'isarchived', 'trashed', 'istrashed', 'intrash']);
/** State fields whose value `archived` says the same. */
const stateFields = new Set(['status', 'state']);

/**
 * Whether an entity is archived; `flag` is the one the server describes as archiving when it is
 * not called so (`closed` on Trello; reading/archive-flag.ts).
 *
 * @example
 *   isArchived({ name: 'Q3 board', archived: true }); // true
 *   isArchived({ status: 'ARCHIVED' }); // true
 *   isArchived({ status: 'DELETED' }); // true
 *   isArchived({ closed: true }, 'closed'); // true
 */
export function isArchived(fields: Readonly<Record<string, unknown>>, flag: string | null = null): boolean {
  for (const [name, value] of Object.entries(fields)) {
    const normal = toNormalName(name);
    if ((archivedFlags.has(normal) || name === flag) && (value === true || value === 'true')) return true;
    if (stateFields.has(normal) && typeof value === 'string' && /^(archived|trashed|deleted)$/i.test(value)) return true;
  }
  return false;
}

/**
 * Whether a list call asks for archived entities: an argument that names them (`archived`,
 * `include_archived`, `showTrashed`) or a value that does (`filter: 'archived'`, `status: 'all'`, `filter: 'status:archived'`).
 *
 * @example
 *   asksForArchived({ include_archived: true }); // true
 *   asksForArchived({ collection_id: 5 }); // false
 */
export function asksForArchived(args: Readonly<Record<string, unknown>>): boolean {
  return Object.entries(args).some(
    ([name, value]) =>
      /archived|trashed/i.test(name) ||
      // `filter: 'status:archived'`: a filter language's term asks for them as the bare word does.
      (typeof value === 'string' &&
        (/^(archived|trashed|deleted|all)$/i.test(value) || /(?:^|\s)[\w-]+:(?:archived|trashed|deleted)(?=\s|$)/i.test(value))),
  );
}
