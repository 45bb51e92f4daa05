/**
 * `assigned to Lars Berg`, `reported by Priya Nair`: the person a tracker's record is assigned to,
 * or who reported it, as a description writes it. Trackers keep both on every record (Jira's
 * `assignee`/`reporter`, YouTrack's, Linear's), and searches filter by them (`assignee = "Lars
 * Berg"`), even where no tool's schema takes the field, as Jira DC's tools set it only inside a
 * free `customFields` object. The value is the person's name, kept under the field the type's
 * writes spell for the role (`assignee`, `assignedTo`), else the role's own word. Pure.
 */
import { toNormalName } from '../domain/world-query.js';

const roles = [
  { pattern: /^assigned\s+to\s+(.+)$/i, stem: 'assign', field: 'assignee' },
  { pattern: /^reported\s+by\s+(.+)$/i, stem: 'report', field: 'reporter' },
];
/** A person's name in capitalised words, or a login or an address. */
const person = /^(?:\p{Lu}[\p{L}'.-]*(?:\s+\p{Lu}[\p{L}'.-]*){0,3}|[\w.+-]+@[\w.-]+|@[\w.-]+)$/u;

/**
 * The role field a piece of a record's details gives, or undefined.
 *
 * @example
 *   toPersonRole(['summary', 'description'], 'assigned to Lars Berg'); // { field: 'assignee', value: 'Lars Berg' }
 */
export function toPersonRole(fieldNames: Iterable<string>, text: string): { field: string; value: string } | undefined {
  for (const role of roles) {
    const value = role.pattern.exec(text.trim())?.[1]?.trim();
    if (value === undefined || !person.test(value)) continue;
    // The field the writes spell for the role, not an id of it (`assigneeId` wants a user's id the text does not give) nor a
    // list (`assignees` of logins: described-assignees.ts fills those).
    const written = [...fieldNames].find((name) => {
      const normal = toNormalName(name);
      return normal.startsWith(role.stem) && !/(?:ids?|s)$/.test(normal);
    });
    return { field: written ?? role.field, value };
  }
  return undefined;
}
