/**
 * Temporary files of a killed capture (issue "Safe on a developer's machine", item 9): each file
 * is written to `<file>.<pid>-<n>.tmp` and renamed into place, so a capture killed in between
 * left the temporary file for good. A capture now removes, when it starts, the ones a process
 * that no longer runs left where it writes; and a write that fails leaves none.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../src/domain/clock.js';
import { createCaptureRecorder } from '../../src/sim/capture/capture-recorder.js';
import { writeFileAtomically } from '../../src/sim/fixtures/atomic-file.js';

/** A pid no process has now: one that just exited. */
const deadPid = spawnSync(process.execPath, ['-e', '0']).pid!;

describe('temporary files of a capture', () => {
  it('removes those a killed capture left where it writes, at the start of the next one (the original case)', () => {
    const directory = mkdtempSync(join(tmpdir(), 'mcpsim-tmp-'));
    const scenarios = mkdtempSync(join(tmpdir(), 'mcpsim-tmp-scenarios-'));
    mkdirSync(join(directory, 'fixtures', 'captured__memory'), { recursive: true });
    mkdirSync(join(directory, 'notes'));
    const stale = [
      join(directory, `registry.json.${deadPid}-3.tmp`),
      join(directory, 'fixtures', 'captured__memory', `read_graph.json.${deadPid}-12.tmp`),
      join(directory, `scenario.yaml.${process.pid}-9.tmp`),
      join(scenarios, `memory.yaml.${deadPid}-4.tmp`),
    ];
    const kept = [
      // Another process that runs (pid 1) may be writing it; and files not of this naming, or not where a capture writes.
      join(directory, `registry.json.1-2.tmp`),
      join(directory, 'notes.tmp'),
      join(directory, `draft.${deadPid}.tmp`),
      join(directory, 'notes', `todo.md.${deadPid}-1.tmp`),
      join(scenarios, `other.yaml.${deadPid}-1.tmp`),
    ];
    for (const file of [...stale, ...kept]) writeFileSync(file, 'half a file');

    const errors: unknown[] = [];
    createCaptureRecorder({
      directory,
      scenarioFile: join(scenarios, 'memory.yaml'),
      clock: createManualClock('2026-01-01T00:00:00Z'),
      onError: (error) => void errors.push(error),
    });
    expect(errors).toEqual([]);
    for (const file of stale) expect(existsSync(file), file).toBe(false);
    for (const file of kept) expect(existsSync(file), file).toBe(true);
  });

  it('leaves no temporary file when a write fails', () => {
    const directory = mkdtempSync(join(tmpdir(), 'mcpsim-tmp-'));
    // The target is a folder: the rename fails after the temporary file was written.
    mkdirSync(join(directory, 'registry.json'));
    expect(() => writeFileAtomically(join(directory, 'registry.json'), '[]\n')).toThrow();
    expect(readdirSync(directory)).toEqual(['registry.json']);
  });
});
