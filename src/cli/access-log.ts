/**
 * The access log `serve` prints, one line per request. The path is the app's decoded one, so a
 * request for `/a%0aGET%20/admin%20200` spelled a line break, and `%1b[2J` an escape sequence
 * that a terminal obeys: characters that could forge a line or move a terminal are escaped.
 */

/**
 * C0 and C1 controls and DEL, the line and paragraph separators, bidirectional overrides (which
 * reorder what a reader sees), and the backslash, so that an escape in a line is always ours.
 */
// eslint-disable-next-line no-control-regex -- control characters are what is escaped
const unsafe = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\\]/g;

/**
 * The text with each unsafe character written as `\xNN` or `\u{NNNN}` (the backslash as `\\`).
 *
 * @example
 *   toPrintable('/a\nb\u001b[31m'); // '/a\\x0ab\\x1b[31m'
 */
export function toPrintable(text: string): string {
  return text.replace(unsafe, (character) => {
    if (character === '\\') return '\\\\';
    const code = character.codePointAt(0)!;
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
  });
}

/**
 * One line of the access log, ending in a line break.
 *
 * @example
 *   toAccessLogLine({ method: 'GET', path: '/namespaces', status: 200, milliseconds: 1.25 }); // 'GET /namespaces 200 1.3ms\n'
 */
export function toAccessLogLine({
  method,
  path,
  status,
  milliseconds,
}: {
  method: string;
  path: string;
  status: number;
  milliseconds: number;
}): string {
  return `${toPrintable(method)} ${toPrintable(path)} ${status} ${milliseconds.toFixed(1)}ms\n`;
}
