/**
 * Two kinds of search term that mail and chat searches share (Gmail's `q`, Slack's `query`,
 * Outlook's and Fastmail's search boxes): `is:<flag>` names a flag the record carries in its
 * label, tag or keyword list (`is:unread` a message labelled UNREAD, `is:starred` one labelled
 * STARRED) when the flag is not a state word (`is:open` stays a state), and `after:`/`before:` with
 * a date (`2026/06/01` or `2026-06-01`) bound the record's own date. A term the record has no list
 * or no date for is left to the caller. Pure.
 */

/** The list fields a record carries its flags in, by normal name (lowercase, no separators). */
const flagLists = ['labelids', 'labels', 'tags', 'flags', 'keywords'];

/** The fields a message or post is dated by, by normal name, the most telling first. */
const dateFields = ['date', 'internaldate', 'receivedat', 'receiveddate', 'sentat', 'sentdate', 'createdat', 'created', 'timestamp'];

/**
 * Whether the record passes the term, or undefined when the term is none of these or the record
 * holds nothing it speaks of.
 *
 * @example
 *   mailTermHolds({ labelIds: ['INBOX', 'UNREAD'] }, 'is', 'unread'); // true
 *   mailTermHolds({ date: '2026-05-28T16:05:00Z' }, 'after', '2026/06/01'); // false
 */
export function mailTermHolds(fields: Readonly<Record<string, unknown>>, name: string, value: string): boolean | undefined {
  if (name === 'is') {
    const list = fieldOf(fields, flagLists);
    if (!Array.isArray(list)) return undefined;
    return list.some((item) => typeof item === 'string' && item.replace(/^[$\\]/, '').toLowerCase() === value.toLowerCase());
  }
  if (name !== 'after' && name !== 'before') return undefined;
  const day = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/.exec(value);
  const dated = fieldOf(fields, dateFields);
  if (!day || typeof dated !== 'string' || Number.isNaN(Date.parse(dated))) return undefined;
  const bound = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
  return name === 'after' ? Date.parse(dated) >= bound : Date.parse(dated) < bound;
}

function fieldOf(fields: Readonly<Record<string, unknown>>, names: readonly string[]): unknown {
  for (const name of names) {
    const key = Object.keys(fields).find((field) => field.replace(/[_\-\s]/g, '').toLowerCase() === name);
    if (key !== undefined) return fields[key];
  }
  return undefined;
}
