/**
 * A record is changed no earlier than it was made: a made-up `updated_at` (`updatedAt`,
 * `modified_at`, `last_edited_time`) that falls before the record's `created_at` beside it is
 * its creation time instead. A move the record keeps a stamp of is a change too: an incident
 * "resolved on 2026-05-01" (`resolved_at`) was last changed no earlier than then, so the made-up
 * change time is the latest of those stamps.
 */

/** The word of a change stamp and the word of its creation stamp, in the spellings names use. */
const changeWords = /updated|modified|edited|changed/i;

/** A stamp of what happened to the record (`resolved_at`, `acknowledgedAt`, `closed_on`): a past participle before `at`, `on` or `time`. */
const eventStamp = /^(?:date_?)?([a-z]+ed)_?(?:at|on|time|date)$/i;

/** Past participles whose stamp says when something is meant to happen, not when it did. */
const plannedWords = new Set(['scheduled', 'planned', 'expected', 'estimated', 'requested', 'deferred', 'snoozed']);

/**
 * `made` with each made-up (not `given`) change time no earlier than its creation time.
 *
 * @example
 *   withTimesInOrder({ created_at: '2026-05-04T10:00:00Z', updated_at: '2026-03-12T17:47:35Z' }, { created_at: '2026-05-04T10:00:00Z' });
 *   // { created_at: '2026-05-04T10:00:00Z', updated_at: '2026-05-04T10:00:00Z' }
 */
export function withTimesInOrder(made: Record<string, unknown>, given: Readonly<Record<string, unknown>>): Record<string, unknown> {
  let result = made;
  for (const [key, value] of Object.entries(made)) {
    if (given[key] !== undefined || typeof value !== 'string' || !changeWords.test(key)) continue;
    const latest = [creationStamp(made, key), ...eventStamps(made, key)]
      .filter((stamp): stamp is string => stamp !== undefined && Number.isFinite(Date.parse(stamp)) && sameShape(value, stamp))
      .reduce<string | undefined>((last, stamp) => (last === undefined || Date.parse(stamp) > Date.parse(last) ? stamp : last), undefined);
    if (latest === undefined) continue;
    const at = Date.parse(value);
    if (Number.isFinite(at) && at < Date.parse(latest)) result = { ...result, [key]: latest };
  }
  return result;
}

/** The creation time beside a change time: `created_at` for `updated_at`, `createdAt` for `lastModifiedAt`, `created_time` for `last_edited_time`. */
function creationStamp(made: Readonly<Record<string, unknown>>, key: string): string | undefined {
  const base = key.replace(/^last_?/i, '');
  const candidates = [base.replace(changeWords, 'created'), base.replace(changeWords, 'Created'), 'created_at', 'createdAt', 'created'];
  for (const candidate of candidates) {
    const value = made[candidate];
    if (candidate !== key && typeof value === 'string') return value;
  }
  return undefined;
}

/** The record's stamps of past moves beside a change time (`resolved_at`, `acknowledged_at`), never another change time. */
function eventStamps(made: Readonly<Record<string, unknown>>, key: string): string[] {
  return Object.entries(made).flatMap(([name, value]) => {
    const word = eventStamp.exec(name)?.[1]?.toLowerCase();
    if (name === key || typeof value !== 'string' || word === undefined || plannedWords.has(word) || changeWords.test(word)) return [];
    return [value];
  });
}

/** Both are date-times, or both dates: a date is not set to a time. */
function sameShape(a: string, b: string): boolean {
  return a.includes('T') === b.includes('T');
}
