/**
 * The import directions of docs/architecture.md, checked statically over every `src/**\/*.ts` file. Imports are read
 * with the TypeScript parser (so comments and strings never count as imports, and type-only,
 * re-exported and dynamic imports all do).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { posix } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

interface SourceText {
  /** Path relative to `src/`, with forward slashes, e.g. `api/app.ts`. */
  path: string;
  text: string;
}

interface ImportUse {
  file: string;
  line: number;
  specifier: string;
  /** For a relative import: the target relative to `src/` with `.js` mapped to `.ts` (may start with `../`). */
  target: string | null;
}

const srcDirectory = fileURLToPath(new URL('../src/', import.meta.url));

function readSources(): SourceText[] {
  return (readdirSync(srcDirectory, { recursive: true }) as string[])
    .map((path) => path.split('\\').join('/'))
    .filter((path) => (path.endsWith('.ts') || path.endsWith('.tsx')) && !path.endsWith('.d.ts'))
    .sort()
    .map((path) => ({ path, text: readFileSync(srcDirectory + path, 'utf8') }));
}

// Each check walks every file again; a file is parsed and scanned once per run (about 20 parses of each before).
const parsed = new WeakMap<SourceText, ts.SourceFile>();
const scanned = new WeakMap<SourceText, readonly ImportUse[]>();

function parse(file: SourceText): ts.SourceFile {
  const known = parsed.get(file);
  if (known) return known;
  const source = ts.createSourceFile(
    file.path,
    file.text,
    ts.ScriptTarget.Latest,
    true,
    file.path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  parsed.set(file, source);
  return source;
}

function lineOf(source: ts.SourceFile, node: ts.Node): number {
  return source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
}

/** Every module specifier of a file: import/export declarations, `import x = require()`, `import()` calls and `import('x').T` types. */
function scanImports(file: SourceText): readonly ImportUse[] {
  const known = scanned.get(file);
  if (known) return known;
  const source = parse(file);
  const uses: ImportUse[] = [];
  const add = (node: ts.Node, literal: ts.Node | undefined) => {
    if (!literal || !ts.isStringLiteralLike(literal)) return;
    const specifier = literal.text;
    let target = specifier.startsWith('.')
      ? posix.normalize(posix.join(posix.dirname(file.path), specifier)).replace(/\.js$/, '.ts')
      : null;
    // A `.js` specifier names a `.ts` file, or a `.tsx` one (the dashboard's pages).
    if (target !== null && !existsSync(srcDirectory + target) && existsSync(`${srcDirectory}${target}x`)) target = `${target}x`;
    uses.push({ file: file.path, line: lineOf(source, node), specifier, target });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node, node.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference))
      add(node, node.moduleReference.expression);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node, node.argument.literal);
    else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require'))
    ) {
      add(node, node.arguments[0]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  scanned.set(file, uses);
  return uses;
}

/** `api/app.ts` -> `api`; a top-level file is its own layer (`errors.ts`). */
function layerOf(path: string): string {
  const slash = path.indexOf('/');
  return slash === -1 ? path : path.slice(0, slash);
}

/**
 * Which parts of `src/` each layer may import (a trailing `/` means the whole folder): the architecture's
 * arrows, plus the leaves below every layer (`errors.ts`, `version.ts`, `package-root.ts`, and `domain/` above it).
 * Two arrows beyond the architecture's table: msw loads scenario files as the CLI does (msw -> scenario), and the
 * dashboard takes its stylesheet from the pages (ui -> api/pages/).
 */
const leaves = ['errors.ts', 'version.ts', 'package-root.ts'];
const allowedTargets: Record<string, readonly string[]> = {
  'errors.ts': [],
  'version.ts': ['package-root.ts'],
  'package-root.ts': [],
  'config.ts': [],
  domain: ['domain/', 'errors.ts'],
  reading: ['reading/', 'domain/', ...leaves],
  store: ['store/', 'domain/', ...leaves],
  search: ['search/', 'domain/', 'store/', ...leaves],
  sim: ['sim/', 'reading/', 'domain/', 'store/', ...leaves],
  mcp: ['mcp/', 'sim/', 'domain/', 'store/', ...leaves],
  scenario: ['scenario/', 'reading/', 'domain/', 'store/', ...leaves],
  api: ['api/', 'mcp/', 'sim/', 'reading/', 'search/', 'domain/', 'store/', ...leaves],
  // ui -> api/pages: the one shared look (the stylesheet of the dashboard and of the setup and login pages).
  ui: ['ui/', 'api/pages/', 'mcp/', 'sim/', 'reading/', 'search/', 'domain/', 'store/', ...leaves],
  // agent -> reading: explain_connection reads the tools the API lists, as `mcpsim explain` does.
  agent: ['agent/', 'reading/', 'domain/', ...leaves],
  platform: ['platform/', 'agent/', 'api/', 'ui/', 'mcp/', 'sim/', 'search/', 'store/', 'domain/', ...leaves],
  node: ['node/', 'api/', ...leaves],
  msw: ['msw/', 'platform/', 'scenario/', 'domain/', ...leaves],
  cli: ['cli/', 'agent/', 'node/', 'platform/', 'scenario/', 'config.ts', 'domain/', ...leaves],
};

/** Packages that `domain/` and `errors.ts` must never import: web framework, SQLite, msw, the MCP SDK, the AI SDK. */
const frameworkPackage = /^(hono|hono\/.+|@hono\/.+|better-sqlite3|msw|msw\/.+|@modelcontextprotocol\/.+|ai|ai\/.+|@ai-sdk\/.+)$/;

function describeUse(use: ImportUse): string {
  return `src/${use.file}:${use.line} imports "${use.specifier}"${use.target ? ` (src/${use.target})` : ''}`;
}

function findImportViolations(files: readonly SourceText[]): string[] {
  const violations: string[] = [];
  for (const use of files.flatMap(scanImports)) {
    const layer = layerOf(use.file);
    if (use.target === null) {
      if ((layer === 'domain' || layer === 'errors.ts') && frameworkPackage.test(use.specifier)) {
        violations.push(
          `${describeUse(use)}: ${layer === 'domain' ? 'domain/' : 'errors.ts'} must stay free of Hono, SQLite, msw, the MCP SDK and ai`,
        );
      }
      if (use.specifier === 'better-sqlite3' && layer !== 'store') violations.push(`${describeUse(use)}: only store/ may use SQLite`);
      continue;
    }
    if (use.target.startsWith('../')) {
      violations.push(`${describeUse(use)}: src/ must not import from outside src/`);
      continue;
    }
    const allowed = allowedTargets[layer];
    if (allowed && !allowed.some((prefix) => (prefix.endsWith('/') ? use.target!.startsWith(prefix) : use.target === prefix))) {
      violations.push(
        `${describeUse(use)}: ${layer.endsWith('.ts') ? layer : `${layer}/`} may import only ${allowed.length === 0 ? 'packages, nothing from src/' : allowed.join(', ')}`,
      );
    }
  }
  return violations;
}

/**
 * The rooms inside the big rooms (docs/architecture.md): which subfolders of a folder each room may import.
 * `.` is the folder's root (its own files); a room not listed may import only itself. In sim/ the
 * pipeline at the root uses the rooms, capture/ may use fixtures/, stateful/ and model/, and
 * every room may use source/ (the contract they share); no room imports the root. In api/ the
 * routes use everything, the root uses the plumbing, and http/, schemas/ and pages/ stay below it.
 */
const rooms: Record<string, Record<string, readonly string[]>> = {
  sim: {
    '.': ['.', 'source', 'fixtures', 'stateful', 'model', 'capture'],
    source: ['source'],
    fixtures: ['fixtures', 'source'],
    stateful: ['stateful', 'source'],
    model: ['model', 'source'],
    capture: ['capture', 'fixtures', 'stateful', 'model', 'source'],
  },
  api: {
    // Only app.ts imports routes/ at the root (checked below); the routes import the root's services.
    '.': ['.', 'routes', 'http', 'schemas', 'pages'],
    routes: ['.', 'routes', 'http', 'schemas', 'pages'],
    http: ['http'],
    schemas: ['schemas', 'http'],
    pages: ['pages'],
  },
  // In mcp/ the endpoint and the simulated-or-real decision sit at the root (with the JSON-RPC wire they all speak);
  // mock/ and upstream/ answer over session/, and neither reaches into the other.
  mcp: {
    '.': ['.', 'mock', 'session', 'upstream'],
    mock: ['.', 'mock', 'session'],
    session: ['.', 'session'],
    upstream: ['.', 'upstream', 'session'],
  },
};

/**
 * mcp/ reaches the simulator only through sim's face, the files at sim/'s root (mock-surfaces.ts, mock-tool-runner.ts,
 * surface-answers.ts, relay-capture.ts ...), never into its rooms (sim/stateful/, sim/capture/ ...).
 */
function findSimFaceViolations(files: readonly SourceText[]): string[] {
  return files
    .flatMap(scanImports)
    .filter((use) => layerOf(use.file) === 'mcp' && use.target?.startsWith('sim/') && use.target.split('/').length > 2)
    .map((use) => `${describeUse(use)}: mcp/ may import sim/ only through its face (the files at sim/'s root)`);
}

/** `sim/model/prompt.ts` -> `model`; `sim/tool-results.ts` -> `.`. */
function roomOf(path: string): string {
  const parts = path.split('/');
  return parts.length > 2 ? parts[1]! : '.';
}

function findRoomViolations(files: readonly SourceText[]): string[] {
  const violations: string[] = [];
  for (const use of files.flatMap(scanImports)) {
    const folder = layerOf(use.file);
    const table = rooms[folder];
    if (!table || use.target === null || layerOf(use.target) !== folder) continue;
    const [from, to] = [roomOf(use.file), roomOf(use.target)];
    const allowed = table[from] ?? [from];
    if (!allowed.includes(to)) {
      const name = (room: string) => (room === '.' ? `${folder}/ (its root)` : `${folder}/${room}/`);
      violations.push(`${describeUse(use)}: ${name(from)} may import only ${allowed.map(name).join(', ')}`);
    }
  }
  return violations;
}

/** Reads of `process.env`, and uses of `process.exit`, `process.argv` and `console.*`, outside the files allowed to touch them. */
/**
 * Import loops among the files of `src/` (inside a folder too), and among its folders (layers),
 * each written as the path that closes it, e.g. `api/app.ts -> api/routes/mcp.ts -> api/app.ts`.
 */
function findImportLoops(files: readonly SourceText[]): { files: string[]; layers: string[] } {
  const known = new Set(files.map((file) => file.path));
  const fileGraph = new Map<string, string[]>();
  const layerGraph = new Map<string, Set<string>>();
  for (const file of files) {
    const targets = scanImports(file)
      .map((use) => use.target)
      .filter((target): target is string => target !== null && known.has(target));
    fileGraph.set(file.path, [...new Set(targets)]);
    for (const target of targets) {
      const [from, to] = [layerOf(file.path), layerOf(target)];
      if (from !== to) (layerGraph.get(from) ?? layerGraph.set(from, new Set()).get(from)!).add(to);
    }
  }
  return { files: findCycles(fileGraph), layers: findCycles(new Map([...layerGraph].map(([layer, targets]) => [layer, [...targets]]))) };
}

/** Every cycle a depth-first walk meets (one per back edge), as `a -> b -> a`. */
function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next].join(' -> '));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

function findGlobalViolations(files: readonly SourceText[]): string[] {
  const violations: string[] = [];
  for (const file of files) {
    const source = parse(file);
    const report = (node: ts.Node, what: string, rule: string) =>
      violations.push(`src/${file.path}:${lineOf(source, node)} uses ${what}: ${rule}`);
    const visit = (node: ts.Node): void => {
      let object: ts.Expression | undefined;
      let member: string | undefined;
      if (ts.isPropertyAccessExpression(node)) [object, member] = [node.expression, node.name.text];
      else if (ts.isElementAccessExpression(node) && ts.isStringLiteralLike(node.argumentExpression))
        [object, member] = [node.expression, node.argumentExpression.text];
      if (object && member !== undefined && ts.isIdentifier(object)) {
        if (object.text === 'process' && member === 'env' && file.path !== 'config.ts' && file.path !== 'cli/run-cli.ts') {
          report(node, 'process.env', 'only src/config.ts reads the environment (src/cli/run-cli.ts hands it over)');
        }
        if (object.text === 'process' && ['exit', 'argv', 'stdout', 'stderr'].includes(member) && !file.path.startsWith('cli/')) {
          report(node, `process.${member}`, 'only src/cli/ touches process.exit, process.argv and the standard streams');
        }
        if (object.text === 'console' && !file.path.startsWith('cli/'))
          report(node, `console.${member}`, 'only src/cli/ writes to the console');
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return violations;
}

/**
 * Files that read SQL a simulated service is given (a `query` argument's WHERE clause, turned into
 * the simulator's filter conditions); they never run SQL, so the rule below does not concern them.
 */
const sqlQueryReaders = new Set(['reading/sql-where.ts', 'reading/sql-where.test.ts']);

const sqlPatterns = [/\bSELECT\s/, /\bINSERT\s+INTO\b/, /\bUPDATE\s+\S+\s+SET\b/, /\bDELETE\s+FROM\b/, /\bCREATE\s+TABLE\b/];

function findSqlOutsideStore(files: readonly SourceText[]): string[] {
  const violations: string[] = [];
  for (const file of files) {
    if (file.path.startsWith('store/') || sqlQueryReaders.has(file.path)) continue;
    file.text.split('\n').forEach((line, index) => {
      for (const pattern of sqlPatterns) {
        const match = pattern.exec(line);
        if (match) violations.push(`src/${file.path}:${index + 1} contains SQL "${match[0].trim()}": only src/store/ knows SQL`);
      }
    });
  }
  return violations;
}

const sources = readSources();
const report = (violations: string[]) => `${violations.length} violation(s):\n  ${violations.join('\n  ')}`;

describe('the layer checker', () => {
  it('reads every TypeScript file under src/ and finds their imports', () => {
    const paths = sources.map((file) => file.path);
    expect(paths).toEqual(expect.arrayContaining(['errors.ts', 'config.ts', 'api/app.ts', 'cli/main.ts', 'node/start-server.ts']));
    expect(paths.some((path) => path.startsWith('domain/'))).toBe(true);
    expect(paths.some((path) => path.startsWith('store/'))).toBe(true);
    const appImports = scanImports(sources.find((file) => file.path === 'api/app.ts')!);
    expect(appImports.map((use) => use.specifier)).toEqual(expect.arrayContaining(['hono', 'zod', '../errors.js']));
    expect(appImports.find((use) => use.specifier === '../errors.js')?.target).toBe('errors.ts');
  });

  it('reports each breach with its file, line and import, including type-only, re-exported and dynamic imports', () => {
    const fixture: SourceText[] = [
      {
        path: 'domain/bad.ts',
        text: [
          "import type { Stores } from '../store/stores.js';",
          "import { Hono } from 'hono';",
          "export { x } from '../api/app.js';",
          "type Server = import('@modelcontextprotocol/sdk/server').Server;",
          "const lazy = () => import('better-sqlite3');",
          '// import { y } from "../store/ignored-in-a-comment.js";',
          'console.log(process.env.HOME, process.argv);',
          "const query = 'SELECT * FROM connections';",
        ].join('\n'),
      },
      { path: 'errors.ts', text: "import { version } from './version.js';\n" },
      {
        path: 'node/serve.ts',
        text: "import { createStores } from '../store/stores.js';\nimport { serve } from '@hono/node-server';\nprocess.exit(1);\n",
      },
      {
        path: 'cli/main.ts',
        text: "import { x } from '../../test/support/harness.js';\nimport { y } from '../store/stores.js';\nconsole.log(process.env.X);\n",
      },
      { path: 'store/db.ts', text: "import Database from 'better-sqlite3';\nconst s = 'DELETE FROM t';\n" },
      { path: 'config.ts', text: 'export const env = process.env;\n' },
    ];
    expect(findImportViolations(fixture)).toEqual([
      'src/domain/bad.ts:1 imports "../store/stores.js" (src/store/stores.ts): domain/ may import only domain/, errors.ts',
      'src/domain/bad.ts:2 imports "hono": domain/ must stay free of Hono, SQLite, msw, the MCP SDK and ai',
      'src/domain/bad.ts:3 imports "../api/app.js" (src/api/app.ts): domain/ may import only domain/, errors.ts',
      'src/domain/bad.ts:4 imports "@modelcontextprotocol/sdk/server": domain/ must stay free of Hono, SQLite, msw, the MCP SDK and ai',
      'src/domain/bad.ts:5 imports "better-sqlite3": domain/ must stay free of Hono, SQLite, msw, the MCP SDK and ai',
      'src/domain/bad.ts:5 imports "better-sqlite3": only store/ may use SQLite',
      'src/errors.ts:1 imports "./version.js" (src/version.ts): errors.ts may import only packages, nothing from src/',
      'src/node/serve.ts:1 imports "../store/stores.js" (src/store/stores.ts): node/ may import only node/, api/, errors.ts, version.ts, package-root.ts',
      'src/cli/main.ts:1 imports "../../test/support/harness.js" (src/../test/support/harness.ts): src/ must not import from outside src/',
      'src/cli/main.ts:2 imports "../store/stores.js" (src/store/stores.ts): cli/ may import only cli/, agent/, node/, platform/, scenario/, config.ts, domain/, errors.ts, version.ts, package-root.ts',
    ]);
    expect(findGlobalViolations(fixture)).toEqual([
      'src/domain/bad.ts:7 uses console.log: only src/cli/ writes to the console',
      'src/domain/bad.ts:7 uses process.env: only src/config.ts reads the environment (src/cli/run-cli.ts hands it over)',
      'src/domain/bad.ts:7 uses process.argv: only src/cli/ touches process.exit, process.argv and the standard streams',
      'src/node/serve.ts:3 uses process.exit: only src/cli/ touches process.exit, process.argv and the standard streams',
      'src/cli/main.ts:3 uses process.env: only src/config.ts reads the environment (src/cli/run-cli.ts hands it over)',
    ]);
    expect(findSqlOutsideStore(fixture)).toEqual(['src/domain/bad.ts:8 contains SQL "SELECT": only src/store/ knows SQL']);
  });
});

describe('the import directions of docs/architecture.md', () => {
  const violations = findImportViolations(sources);
  const about = (prefix: string) => violations.filter((message) => message.startsWith(`src/${prefix}`));

  it('keeps domain/ and errors.ts free of Hono, SQLite, msw, the MCP SDK and ai', () => {
    const found = violations.filter((message) => message.includes('must stay free of'));
    expect(found, report(found)).toEqual([]);
  });

  it('keeps errors.ts free of imports from the rest of src', () => {
    expect(about('errors.ts'), report(about('errors.ts'))).toEqual([]);
  });

  it('lets domain/ import only domain/ and errors.ts', () => {
    expect(about('domain/'), report(about('domain/'))).toEqual([]);
  });

  it('lets reading/ import only reading/, domain/ and the leaves (the reading of a server sits above the platform rules)', () => {
    expect(sources.some((file) => file.path.startsWith('reading/'))).toBe(true);
    expect(about('reading/'), report(about('reading/'))).toEqual([]);
  });

  it('lets store/ import only store/, domain/ and errors.ts', () => {
    expect(about('store/'), report(about('store/'))).toEqual([]);
  });

  it('lets api/ import only api/, mcp/, sim/, reading/, search/, domain/, store/, errors.ts and version.ts', () => {
    expect(about('api/'), report(about('api/'))).toEqual([]);
  });

  it('lets node/ import only node/, api/, errors.ts and version.ts', () => {
    expect(about('node/'), report(about('node/'))).toEqual([]);
  });

  it('lets cli/ import only cli/, agent/, node/, platform/, scenario/, config.ts and the leaves, inside src/ and to files that exist', () => {
    const cliUses = sources.filter((file) => file.path.startsWith('cli/')).flatMap(scanImports);
    expect(cliUses.some((use) => use.target !== null && !use.target.startsWith('cli/'))).toBe(true);
    const broken = cliUses
      .filter((use) => use.target !== null && (use.target.startsWith('../') || !existsSync(srcDirectory + use.target)))
      .map((use) => `${describeUse(use)}: not a file in src/`);
    expect(broken, report(broken)).toEqual([]);
    expect(about('cli/'), report(about('cli/'))).toEqual([]);
  });

  it('breaks no direction anywhere else in src (search, sim, mcp, scenario, platform, msw, and SQLite only in store/)', () => {
    expect(violations, report(violations)).toEqual([]);
  });
});

describe('the rooms inside sim/, api/ and mcp/', () => {
  it('reports an import that goes up or sideways', () => {
    const fixture: SourceText[] = [
      {
        path: 'sim/model/prompt.ts',
        text: "import { x } from '../tool-results.js';\nimport { y } from '../source/tool-result-source.js';\n",
      },
      { path: 'sim/fixtures/guard.ts', text: "import { z } from '../capture/capture-world.js';\n" },
      { path: 'api/http/cors.ts', text: "import { w } from '../setup-links.js';\n" },
      { path: 'mcp/session/mcp-session.ts', text: "import { v } from '../mock/mock-endpoint.js';\nimport { u } from '../json-rpc.js';\n" },
    ];
    expect(findRoomViolations(fixture)).toEqual([
      'src/sim/model/prompt.ts:1 imports "../tool-results.js" (src/sim/tool-results.ts): sim/model/ may import only sim/model/, sim/source/',
      'src/sim/fixtures/guard.ts:1 imports "../capture/capture-world.js" (src/sim/capture/capture-world.ts): sim/fixtures/ may import only sim/fixtures/, sim/source/',
      'src/api/http/cors.ts:1 imports "../setup-links.js" (src/api/setup-links.ts): api/http/ may import only api/http/',
      'src/mcp/session/mcp-session.ts:1 imports "../mock/mock-endpoint.js" (src/mcp/mock/mock-endpoint.ts): mcp/session/ may import only mcp/ (its root), mcp/session/',
    ]);
  });

  it('has none in src/', () => {
    const found = findRoomViolations(sources);
    expect(found, report(found)).toEqual([]);
  });

  it('lets mcp/ reach sim/ only through the files at its root', () => {
    const fixture: SourceText[] = [
      {
        path: 'mcp/mock/mock-endpoint.ts',
        text: "import { a } from '../../sim/stateful/surface-answers.js';\nimport { b } from '../../sim/surface-answers.js';\n",
      },
    ];
    expect(findSimFaceViolations(fixture)).toEqual([
      'src/mcp/mock/mock-endpoint.ts:1 imports "../../sim/stateful/surface-answers.js" (src/sim/stateful/surface-answers.ts): mcp/ may import sim/ only through its face (the files at sim/\'s root)',
    ]);
    const found = findSimFaceViolations(sources);
    expect(found, report(found)).toEqual([]);
  });

  it('lets only api/app.ts import the routes', () => {
    const found = sources
      .flatMap(scanImports)
      .filter((use) => use.target?.startsWith('api/routes/') && !use.file.startsWith('api/routes/') && use.file !== 'api/app.ts')
      .map(describeUse);
    expect(found, report(found)).toEqual([]);
  });
});

describe('the root export', () => {
  it('never loads the stdio transport or child processes (the root export is runtime neutral apart from SQLite)', () => {
    const byPath = new Map(sources.map((file) => [file.path, file]));
    const reached = new Set<string>();
    const visit = (path: string): void => {
      if (reached.has(path) || !byPath.has(path)) return;
      reached.add(path);
      for (const use of scanImports(byPath.get(path)!)) if (use.target !== null) visit(use.target);
    };
    visit('index.ts');
    expect(reached.has('platform/platform.ts')).toBe(true);
    const found = [...reached]
      .flatMap((path) => scanImports(byPath.get(path)!))
      .filter((use) => /child_process|client\/stdio/.test(use.specifier))
      .map(describeUse);
    expect(found, report(found)).toEqual([]);
  });
});

describe('import loops', () => {
  it('finds a loop between files, inside a folder as well as across folders', () => {
    const fixture: SourceText[] = [
      { path: 'api/app.ts', text: "import { routes } from './routes/mcp.js';\n" },
      { path: 'api/routes/mcp.ts', text: "import type { Logger } from '../app.js';\nimport { x } from '../../sim/run.js';\n" },
      { path: 'sim/run.ts', text: "import { y } from '../mcp/relay.js';\n" },
      { path: 'mcp/relay.ts', text: "import { z } from '../sim/queue.js';\n" },
      { path: 'sim/queue.ts', text: 'export const z = 1;\n' },
    ];
    expect(findImportLoops(fixture)).toEqual({
      files: ['api/app.ts -> api/routes/mcp.ts -> api/app.ts'],
      layers: ['sim -> mcp -> sim'],
    });
  });

  it('has none in src/, between files or between folders', () => {
    const loops = findImportLoops(sources);
    expect(loops.files, report(loops.files)).toEqual([]);
    expect(loops.layers, report(loops.layers)).toEqual([]);
  });
});

describe('process and console use', () => {
  const violations = findGlobalViolations(sources);

  it('reads process.env only in config.ts (and cli/run-cli.ts, which hands it to config)', () => {
    const found = violations.filter((message) => message.includes('process.env'));
    expect(found, report(found)).toEqual([]);
  });

  it('touches console, process.exit and process.argv only in cli/', () => {
    const found = violations.filter((message) => !message.includes('process.env'));
    expect(found, report(found)).toEqual([]);
    const cliText = sources
      .filter((file) => file.path.startsWith('cli/'))
      .map((file) => file.text)
      .join('\n');
    expect(cliText).toContain('process.argv');
  });
});

describe('SQL', () => {
  it('appears only in store/', () => {
    const found = findSqlOutsideStore(sources);
    expect(found, report(found)).toEqual([]);
    expect(sources.some((file) => file.path.startsWith('store/') && /\bCREATE\s+TABLE\b/.test(file.text))).toBe(true);
  });
});
