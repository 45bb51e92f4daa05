/**
 * Which half of the labelled corpus a server belongs to (docs/decisions.md, "Held-out servers"):
 * servers the rules were already tuned on are in the tuning half; every other server goes by a
 * fixed hash of its name, fixed before any rule was changed against the corpus. Rules may be
 * tuned on the tuning half only; the held-out half is measured and reported, never tuned on.
 *
 * @example
 *   corpusHalf({ name: 'stripe__mcp' }); // 'tuning' or 'held-out', the same on every run
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

export type CorpusHalf = 'tuning' | 'held-out';

/** A corpus server's name: its npm package name without `@`, `/` written as `__` (`@stripe/mcp` → `stripe__mcp`). */
export function toCorpusName(packageName: string): string {
  return packageName.replace(/^@/, '').replace(/\//g, '__').toLowerCase();
}

/**
 * The servers the rules were tuned on outside the corpus, as users' own servers (`tuned-on.json`), by
 * corpus name: what each was tuned on.
 */
export const ownServersTunedOn: ReadonlyMap<string, string> = new Map(
  Object.entries(
    (JSON.parse(readFileSync(new URL('./tuned-on.json', import.meta.url), 'utf8')) as { servers: Record<string, string> }).servers,
  ).map(([packageName, what]) => [toCorpusName(packageName), what]),
);

/**
 * The half of a server. `tunedOn` names what the rules were already tuned on that this server is
 * (a demo catalog file, a `../shared/registry/tools` file, a bench:inference server), and
 * `tuned-on.json` lists the users' own servers rules were tuned on: those are tuning servers
 * whatever their hash.
 */
export function corpusHalf(server: { name: string; tunedOn?: string | null }): CorpusHalf {
  if (server.tunedOn || ownServersTunedOn.has(server.name)) return 'tuning';
  const first = createHash('sha256').update(server.name).digest()[0] ?? 0;
  return first % 2 === 0 ? 'tuning' : 'held-out';
}
