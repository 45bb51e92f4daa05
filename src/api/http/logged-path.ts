import { setupPathPrefix } from './route-path.js';

/**
 * Paths whose last part is a credential: a setup link's ticket, and a CLI login's session id
 * (whoever knows it can poll for the new API key until the CLI has; the approval page has it too).
 */
const maskedPrefixes = [setupPathPrefix, '/api/auth/cli/poll/', '/api/auth/cli/approve/'];

/**
 * The path as the access log shows it, with a credential in it masked.
 *
 * @example
 *   toLoggedPath('/api/auth/cli/poll/3f2a9c'); // '/api/auth/cli/poll/***'
 */
export function toLoggedPath(path: string): string {
  const prefix = maskedPrefixes.find((candidate) => path.startsWith(candidate));
  return prefix === undefined ? path : `${prefix}***`;
}
