import { describe, expect, it } from 'vitest';
import { readServer } from './read-server.js';
import { tool, text } from './written-tools.test-support.js';

const entityOf = (tools: ReturnType<typeof tool>[], name: string, serverNames: string[] = []) =>
  readServer(tools, { serverNames }).shapes.get(name)?.entity;

describe('a placeholder noun (data, info) in a name', () => {
  const projects = [tool('list_projects', {}, 'List projects'), tool('get_project', { project_id: text }, 'Get a project')];

  it('names the data of the server type written before it, and says why', () => {
    const tools = [...projects, tool('get_project_data', { include_flags: { type: 'boolean' } }, 'Fetch a complete project snapshot')];
    expect(entityOf(tools, 'get_project_data')).toBe('project');
    expect(readServer(tools).readings.get('get_project_data')?.why.entity).toMatch(/placeholder that names no entity/);
  });

  it('names the noun the description writes before a placeholder, even one that could be a verb', () => {
    const tools = [tool('index_data', { key: text }, 'Index data.'), tool('signal_data', { key: text }, 'Signal data.')];
    const prometheus = [
      tool('prometheus_build_info', {}, 'Get Prometheus build information'),
      tool('prometheus_list_targets', {}, 'List all Prometheus targets'),
    ];
    expect(entityOf(tools, 'index_data')).toBe('index');
    expect(entityOf(tools, 'signal_data')).toBe('signal');
    expect(entityOf(prometheus, 'prometheus_build_info', ['prometheus-mcp'])).toBe('build');
  });

  it('keeps the reading where the word before it is the verb the description acts with', () => {
    const tools = [
      ...projects,
      tool('export_data', { query: text, format: text }, 'Export query results to CSV or JSON. Call export_data after a query.'),
      tool('get_chart_data', { chart: text }, 'Get the points of a chart'),
    ];
    expect(entityOf(tools, 'export_data')).toBe('data');
    // `chart` is no type of the server and the description never writes "chart data".
    expect(entityOf(tools, 'get_chart_data')).not.toBe('chart');
  });
});
