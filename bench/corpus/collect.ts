/**
 * Adds one real public MCP server to the labelled corpus (bench/corpus/README.md): installs its
 * published npm package at a pinned version into a cache folder outside the repository, starts it
 * over stdio with placeholder credentials, asks `tools/list` (every page) with the official MCP
 * client, and writes `bench/corpus/servers/<slug>.json` with the package's provenance (name,
 * version, repository, commit, the file started). Nothing but the npm registry is reached; the
 * server itself runs with no network of its own to talk to.
 *
 * @example
 *   npx tsx bench/corpus/collect.ts payments @stripe/mcp@0.2.5 --env STRIPE_SECRET_KEY=sk_test_x -- --tools=all --api-key=sk_test_x
 *
 * The server's corpus name comes from its package name (`split.ts`), never chosen by hand, so the
 * held-out split cannot be steered. `--tuned-on <what>` records that the rules were already tuned
 * on this server (a `../shared/registry/tools` file, a demo catalog file): it goes to the tuning half.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ownServersTunedOn, toCorpusName } from './split.js';

const here = dirname(fileURLToPath(import.meta.url));
const cacheRoot = process.env.MCPSIM_CORPUS_CACHE ?? join(homedir(), '.cache', 'mcpsim-corpus');

interface Options {
  slug: string;
  tunedOn: string | null;
  kind: string;
  spec: string;
  bin: string | null;
  env: Record<string, string>;
  args: string[];
}

function parse(argv: string[]): Options {
  const dash = argv.indexOf('--');
  const own = dash === -1 ? argv : argv.slice(0, dash);
  const args = dash === -1 ? [] : argv.slice(dash + 1);
  const [kind, spec, ...rest] = own;
  if (!kind || !spec)
    throw new Error('usage: collect.ts <kind> <npm-spec@version> [--bin name] [--env K=V]... [--tuned-on what] [-- server args]');
  const slug = toCorpusName(packageName(spec));
  // A user's own server the rules were tuned on (tuned-on.json) says so in its file.
  const options: Options = { slug, tunedOn: ownServersTunedOn.get(slug) ?? null, kind, spec, bin: null, env: {}, args };
  for (let index = 0; index < rest.length; index += 2) {
    const flag = rest[index];
    const value = rest[index + 1] ?? '';
    if (flag === '--bin') options.bin = value;
    else if (flag === '--tuned-on') options.tunedOn = value;
    else if (flag === '--env') {
      const at = value.indexOf('=');
      options.env[value.slice(0, at)] = value.slice(at + 1);
    } else throw new Error(`unknown option ${flag}`);
  }
  return options;
}

function packageName(spec: string): string {
  const at = spec.lastIndexOf('@');
  return at > 0 ? spec.slice(0, at) : spec;
}

async function main(): Promise<void> {
  const options = parse(process.argv.slice(2));
  const name = packageName(options.spec);
  const prefix = join(cacheRoot, options.slug);
  mkdirSync(prefix, { recursive: true });
  if (!existsSync(join(prefix, 'node_modules', name, 'package.json')))
    execFileSync('npm', ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--no-save', '--ignore-scripts', options.spec], {
      stdio: 'inherit',
    });
  const packageDir = join(prefix, 'node_modules', name);
  const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
    version: string;
    gitHead?: string;
    repository?: string | { url?: string; directory?: string };
    bin?: string | Record<string, string>;
    main?: string;
  };
  const bins = typeof manifest.bin === 'string' ? { [name]: manifest.bin } : (manifest.bin ?? {});
  const binFile = options.bin ? bins[options.bin] : (Object.values(bins)[0] ?? manifest.main);
  if (!binFile) throw new Error(`${name} has no bin; name one with --bin`);
  const entry = resolve(packageDir, binFile);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [entry, ...options.args],
    env: { PATH: process.env.PATH ?? '', HOME: prefix, NODE_ENV: 'production', ...options.env },
    stderr: 'pipe',
    cwd: prefix,
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  const client = new Client({ name: 'mcpsim-corpus', version: '1.0.0' });
  // A busy machine starts a server slowly: MCPSIM_CORPUS_TIMEOUT_MS gives it longer.
  const timeoutMs = Number(process.env.MCPSIM_CORPUS_TIMEOUT_MS ?? 30_000);
  const timer = setTimeout(() => {
    console.error(`${options.slug}: no tools/list answer in ${timeoutMs} ms; the server's stderr ended with:\n${stderr}`);
    process.exit(1);
  }, timeoutMs);
  await client.connect(transport);
  const tools: unknown[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor ? { cursor } : {}, { timeout: timeoutMs });
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor);
  clearTimeout(timer);
  const serverInfo = client.getServerVersion();
  await client.close();
  // The registry's document has `gitHead` (the commit published from), which the installed manifest lacks.
  const published = JSON.parse(
    execFileSync('npm', ['view', `${name}@${manifest.version}`, 'repository', 'gitHead', '--json'], { encoding: 'utf8' }) || '{}',
  ) as { repository?: typeof manifest.repository; gitHead?: string };
  const declared = manifest.repository ?? published.repository;
  const repository = typeof declared === 'string' ? { url: declared } : (declared ?? {});
  const commit = manifest.gitHead ?? published.gitHead ?? null;
  const record = {
    name: options.slug,
    kind: options.kind,
    ...(options.tunedOn ? { tunedOn: options.tunedOn } : {}),
    provenance: {
      npm: name,
      version: manifest.version,
      repository: repository.url ?? null,
      ...(repository.directory ? { directory: repository.directory } : {}),
      commit,
      file: binFile.replace(/^\.\//, ''),
      args: options.args,
      env: Object.keys(options.env),
    },
    serverInfo: serverInfo ?? null,
    tools,
  };
  const out = join(here, 'servers', `${options.slug}.json`);
  writeFileSync(out, `${JSON.stringify(record, null, 2)}\n`);
  console.log(`${options.slug}: ${tools.length} tools → ${out}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
