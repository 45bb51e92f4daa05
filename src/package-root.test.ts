import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { packagePath, packageRoot } from './package-root.js';

describe('packageRoot', () => {
  it('is the folder of mcpsim’s package.json, one above src/', () => {
    expect(packageRoot).toBe(fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, ''));
    expect((JSON.parse(readFileSync(packagePath('package.json'), 'utf8')) as { name: string }).name).toBe('mcpsim');
  });

  it('holds the data files the bundled CLI reads from any depth', () => {
    expect(readFileSync(packagePath('data', 'id-formats.json'), 'utf8')).toContain('"services"');
    expect(readFileSync(packagePath('scenarios', 'issue-triage.yaml'), 'utf8').length).toBeGreaterThan(0);
  });
});
