import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { readServer } from './read-server.js';
import { tool, text, entities } from './written-tools.test-support.js';

const corpusTools = (server: string) =>
  (JSON.parse(readFileSync(new URL(`../../bench/corpus/servers/${server}.json`, import.meta.url), 'utf8')) as { tools: ToolDefinition[] })
    .tools;

describe('a verb the verb table leaves out', () => {
  it('is the verb of a name that starts with it: the rest is what the tool acts on', () => {
    const read = entities([
      tool('list_tables', {}, 'List the tables of a schema'),
      tool('analyze_index_usage', { tableName: text }, 'Show detailed index usage statistics to identify unused indexes'),
      tool('detect_audit_columns', { tableName: text }, 'Identify common audit trail patterns (created/modified dates)'),
      tool('take_snapshot', {}, 'Capture component tree. Compact text output.'),
      tool('switch_keyboard', { language: text }, 'Switch keyboard language on simulator/emulator.'),
      tool('compare_environments', { flag_key: text }, 'COMPARE flag configurations across environments'),
    ]);
    expect(read).toMatchObject({
      analyze_index_usage: 'index_usage',
      detect_audit_columns: 'audit_column',
      take_snapshot: 'snapshot',
      switch_keyboard: 'keyboard',
      compare_environments: 'environment',
    });
  });

  it('is the verb of a name that ends with it, after the thing it acts on (Kubernetes pods_exec runs in a pod)', () => {
    const model = readServer(corpusTools('kubernetes-mcp-server'), { serverNames: ['kubernetes-mcp-server'] });
    expect(model.shapes.get('pods_exec')?.entity).toBe('pod');
  });

  it('leaves a word that names a thing as often (audit_logs) and a name with a verb the table knows', () => {
    const read = entities([
      tool('audit_logs', {}, 'Audit log entries of the account'),
      tool('get_comparison', { id: text }, 'Get a comparison'),
    ]);
    expect(read).toMatchObject({ audit_logs: 'audit_log', get_comparison: 'comparison' });
  });
});
