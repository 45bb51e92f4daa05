/**
 * What a start of the built CLI loads (issue 40: start in under half a second): the demo's and
 * serve's chunks and everything they import statically, read from the bundle esbuild wrote, whose
 * module comments (`// node_modules/zod/...`) name the packages in each chunk. A package only a
 * model request needs must stay behind a dynamic import (bench/README.md, "Start-up").
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtCliEntry } from '../support/built-cli.js';

/** The packages in the chunks loaded from `entry`: its static imports, and the `import()`s whose path `follow` accepts. */
function packagesLoadedFrom(entry: string, follow: (path: string) => boolean): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, name] of text.matchAll(/^\/\/ (?:.*\/)?node_modules\/((?:@[^/]+\/)?[^/]+)\//gm)) packages.add(name!);
    for (const [, path] of text.matchAll(/^(?:import|export)\s[^;]*?from\s*"(\.\.?\/[^"]+)"/gm)) pending.push(join(dirname(file), path!));
    for (const [, path] of text.matchAll(/import\("(\.\.?\/[^"]+)"\)/g)) if (follow(path!)) pending.push(join(dirname(file), path!));
  }
  return packages;
}

const lazyPackages = ['ai', '@ai-sdk/openai', '@ai-sdk/gateway', '@ai-sdk/provider-utils'];

describe('the start path of the built CLI', () => {
  it('holds the packages a start needs and not the AI SDK, which only a model request needs', () => {
    const packages = packagesLoadedFrom(builtCliEntry(), (path) => /\/(demo|serve)-command-/.test(path));
    expect(packages).toContain('zod');
    expect(packages).toContain('hono');
    for (const lazy of lazyPackages) expect(packages).not.toContain(lazy);
  });

  it('reaches the AI SDK through a dynamic import', () => {
    const packages = packagesLoadedFrom(builtCliEntry(), () => true);
    for (const lazy of lazyPackages) expect(packages).toContain(lazy);
  });
});
