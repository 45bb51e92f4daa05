/**
 * Opaque ids, letters of both cases and digits with no separator: Okta's `00ub0oNGTSWTBKOLGLNR`,
 * Salesforce's `001xx000003DGb2AAG`, Airtable's `rec7paewG5s3YzpD1`, n8n's `kT4pQw8ZxM2nR5bL`. Some
 * start with a code of their type (`00u` is every Okta user, `001` every Salesforce account, `rec`
 * every Airtable record), others with nothing (n8n's are random from the first character), and one
 * id alone cannot tell which. So a new one keeps a start only where every known id of the type
 * shares it (two or more known: the world's ids and the examples its descriptions give), at most
 * 3 characters, as long as those type codes are; otherwise only the alphabet and length.
 */

/** Letters of both cases and digits, 15 to 40 of them, two digits and two capitals at least. */
export const opaqueId = /^(?=(?:.*\d){2})(?=(?:.*[A-Z]){2})(?=.*[a-z])[A-Za-z0-9]{15,40}$/;

/** The longest type code kept. */
const codeLength = 3;

/**
 * The start two ids share, at most a type code long.
 *
 * @example
 *   sharedStart('rec7paewG5s3YzpD1', 'recQ2xZ8mLk3Jw9Tb'); // 'rec'
 */
export function sharedStart(first: string, second: string): string {
  let length = 0;
  while (length < codeLength && length < first.length && first[length] === second[length]) length++;
  return first.slice(0, length);
}

/**
 * What a new opaque id keeps of the known ones: the start the type's ids share (`start`, of `count`
 * ids) and every example not among them shares, where two or more ids are known; else nothing.
 *
 * @example
 *   opaquePrefix({ start: 'rec', count: 2 }, [], new Set()); // 'rec'
 *   opaquePrefix({ start: '', count: 0 }, ['kT4pQw8ZxM2nR5bL'], new Set()); // '': one id shows no prefix
 */
export function opaquePrefix(world: { start: string; count: number }, examples: readonly string[], taken: ReadonlySet<string>): string {
  let start = world.count > 0 ? world.start : undefined;
  let count = world.count;
  for (const example of new Set(examples)) {
    if (taken.has(example) || !opaqueId.test(example)) continue;
    start = start === undefined ? example.slice(0, codeLength) : sharedStart(start, example);
    count++;
  }
  return count >= 2 ? (start ?? '') : '';
}
