/**
 * The cache of scenario files already checked (scenario-check-cache.ts), which lets a start skip the
 * checks of an unchanged file: what it keeps, when it is not used, and that a changed or bad file
 * is still checked and its problem shown at its line and column.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatProblem, loadScenarios } from '../../src/scenario/load-scenario.js';
import { demoCatalogNames } from '../../src/scenario/scenario-meaning.js';
import {
  createScenarioCheckCache,
  maxCheckedScenarios,
  openScenarioCheckCache,
  scenarioChecksFile,
  type ScenarioCheckCacheOptions,
} from '../../src/scenario/scenario-check-cache.js';
import type { Scenario } from '../../src/scenario/scenario-schema.js';
import { clearDataDir } from '../../src/store/data-dir.js';

const yaml = (...lines: string[]) => `${lines.join('\n')}\n`;

const good = yaml(
  'name: cached',
  'namespaces:',
  '  - name: cached',
  '    connections:',
  '      - id: time',
  '        server: "@modelcontextprotocol/time"',
  '        mock: true',
  'steps:',
  '  - call: cached/time.get_current_time',
  '    arguments: { timezone: Europe/Berlin }',
);
/** The same file with a step calling a tool the server does not have: line 9, column 11. */
const bad = good.replace('get_current_time', 'get_curent_time');

const directories: string[] = [];
afterAll(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});

function setUp(text: string) {
  const directory = mkdtempSync(join(tmpdir(), 'mcpsim-checked-'));
  directories.push(directory);
  const file = join(directory, 'cached.yaml');
  writeFileSync(file, text);
  const cacheFile = join(directory, scenarioChecksFile);
  const open = (options: Partial<ScenarioCheckCacheOptions> = {}) =>
    createScenarioCheckCache({ identity: 'build-1', catalogVersion: 'catalog-1', file: cacheFile, ...options });
  const entriesOf = () => Object.keys((JSON.parse(readFileSync(cacheFile, 'utf8')) as { entries: object }).entries);
  return { directory, file, cacheFile, open, entriesOf };
}

describe('the scenario check cache', () => {
  it('keeps a good file, and a later load with the same text, code and catalog takes it without checking', async () => {
    const { file, open, entriesOf } = setUp(good);
    const first = open();
    const [loaded] = await loadScenarios(file, { checked: first });
    expect(loaded && 'scenario' in loaded).toBe(true);
    first.save();
    expect(entriesOf()).toHaveLength(1);

    // Proof that a hit skips the checks: the bad file's key, given the good file's scenario, loads without a problem.
    const second = open();
    const goodEntry = second.get(second.keyOf(good, demoCatalogNames()));
    expect(goodEntry).toBeDefined();
    second.remember(second.keyOf(bad, demoCatalogNames()), goodEntry!);
    writeFileSync(file, bad);
    const [taken] = await loadScenarios(file, { checked: second });
    expect(taken && 'scenario' in taken && taken.scenario).toEqual(loaded && 'scenario' in loaded && loaded.scenario);
    // Each load gets its own copy: what one changes, the next does not see.
    if (taken && 'scenario' in taken) taken.scenario.name = 'changed by its user';
    expect(second.get(second.keyOf(good, demoCatalogNames()))?.name).toBe('cached');
  });

  it('checks a changed file again and shows its problem at its line and column; a bad file is never kept', async () => {
    const { file, open, entriesOf } = setUp(good);
    const cache = open();
    await loadScenarios(file, { checked: cache });
    writeFileSync(file, bad);
    const [result] = await loadScenarios(file, { checked: cache });
    expect(result && 'problems' in result && result.problems.map(formatProblem)).toEqual([
      expect.stringMatching(new RegExp(`^${file.replaceAll('/', '\\/')}:9:11 steps\\[0\\]\\.call: .*get_curent_time.*get_current_time`)),
    ]);
    cache.save();
    expect(entriesOf()).toHaveLength(1);
  });

  it('uses nothing kept by other checking code or for another catalog', async () => {
    const { file, open } = setUp(good);
    const first = open();
    await loadScenarios(file, { checked: first });
    first.save();
    const key = (options: Partial<ScenarioCheckCacheOptions>) => {
      const cache = open(options);
      return cache.get(cache.keyOf(good, demoCatalogNames()));
    };
    expect(key({})).toBeDefined();
    expect(key({ identity: 'build-2' })).toBeUndefined();
    expect(key({ catalogVersion: 'catalog-2' })).toBeUndefined();
  });

  it('reads the shipped entries of the build beside its own, and writes only its own', async () => {
    const { file, cacheFile, open, directory } = setUp(good);
    const build = createScenarioCheckCache({ identity: 'build-1', catalogVersion: 'catalog-1', file: join(directory, 'shipped.json') });
    await loadScenarios(file, { checked: build });
    build.save();
    const cache = open({ shipped: join(directory, 'shipped.json') });
    expect(cache.get(cache.keyOf(good, demoCatalogNames()))).toBeDefined();
    cache.save();
    expect(() => readFileSync(cacheFile)).toThrow(/ENOENT/);
  });

  it(`keeps the ${maxCheckedScenarios} files used last, and nothing JSON cannot give back as it was`, () => {
    const { open, entriesOf } = setUp(good);
    const cache = open();
    const scenario = (name: string) => ({ name }) as unknown as Scenario;
    for (let index = 0; index < maxCheckedScenarios + 6; index++) cache.remember(`key-${index}`, scenario(`s${index}`));
    cache.remember('infinite', { ...scenario('infinite'), limit: Number.POSITIVE_INFINITY } as unknown as Scenario);
    cache.save();
    const kept = entriesOf();
    expect(kept).toHaveLength(maxCheckedScenarios);
    expect(kept[0]).toBe('key-6');
    expect(kept).not.toContain('infinite');
  });

  it('is forgotten with the data directory, and there is none when the sources run (no build id)', () => {
    const { directory, cacheFile, open } = setUp(good);
    const cache = open();
    cache.remember('key', { name: 'gone' } as unknown as Scenario);
    cache.save();
    expect(clearDataDir(directory)).toContain(scenarioChecksFile);
    expect(() => readFileSync(cacheFile)).toThrow(/ENOENT/);
    expect(openScenarioCheckCache(directory, null)).toBeNull();
  });
});
