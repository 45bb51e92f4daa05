import { apiError } from '../../errors.js';

/** Opaque list cursors: the position of the last row returned, in base64url. */
export function encodeCursor(position: number): string {
  return Buffer.from(`p:${position}`).toString('base64url');
}

export function decodeCursor(cursor: string): number {
  const match = /^p:(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match)
    throw apiError('validation_error', `cursor: "${cursor}" is not a cursor returned by this API; pass nextCursor from the previous page`);
  return Number(match[1]);
}
