/**
 * A record is changed no earlier than it was made: a made-up `updated_at` (`updatedAt`,
 * `modified_at`, `last_edited_time`) that falls before the record's `created_at` beside it is
 * its creation time instead.
 */

/** The word of a change stamp and the word of its creation stamp, in the spellings names use. */
const changeWords = /updated|modified|edited|changed/i;

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
    const created = creationStamp(made, key);
    if (created === undefined) continue;
    const [at, from] = [Date.parse(value), Date.parse(created)];
    if (Number.isFinite(at) && Number.isFinite(from) && at < from && sameShape(value, created)) result = { ...result, [key]: created };
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

/** Both are date-times, or both dates: a date is not set to a time. */
function sameShape(a: string, b: string): boolean {
  return a.includes('T') === b.includes('T');
}
