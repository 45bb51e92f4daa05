import { describe, expect, it } from 'vitest';
import { readServer } from './read-server.js';
import { tool, text } from './written-tools.test-support.js';

const action = (...values: string[]) => ({ type: 'string', enum: values });

describe('a noun-named tool that picks a view by its action argument', () => {
  const tools = [
    tool('news', { action: action('list', 'detail', 'rss') }, 'News articles. • list — paginated news • detail — full article'),
    tool('hl_whale', { action: action('positions', 'events', 'directions') }, 'Hyperliquid whale data.'),
    tool('traces', { action: action('search', 'aggregate', 'services'), query: text }, 'Analyze APM traces.'),
    tool('guide', { action: action('api_key', 'upgrade') }, 'Setup guides.'),
    tool('usage', { action: action('summary', 'hosts') }, 'Query usage metering data.'),
    tool('dashboards', { action: action('list', 'get', 'create', 'delete'), id: text }, 'Manage dashboards.'),
  ];
  const { shapes, kindOf } = readServer(tools);
  const kind = (name: string) => kindOf(name, shapes.get(name)!).kind;

  it('lists its resource where no view writes, and searches where one view is a search', () => {
    expect([kind('news'), kind('hl_whale'), kind('traces')]).toEqual(['list', 'list', 'search']);
    expect(shapes.get('news')?.entity).toBe('news');
  });

  it('stays an action where a view is a verb that writes, and a computed value where its name says one', () => {
    expect(kind('guide')).toBe('action');
    expect(kind('usage')).toBe('computed value');
  });

  it('leaves a tool whose values are verbs to pick its operation per call', () => {
    expect(Object.keys(shapes.get('dashboards')?.dispatch?.choices ?? {})).toEqual(['list', 'get', 'create', 'delete']);
  });

  it("stays an action where a value is a gesture or an action on the screen, as Selenium's and a device driver's tools take", () => {
    const locator = { by: action('id', 'css', 'xpath'), value: text };
    const acting = readServer([
      tool(
        'interact',
        { action: action('click', 'doubleclick', 'rightclick', 'hover'), ...locator },
        'performs a mouse action on an element',
      ),
      tool('frame', { action: action('switch', 'default'), ...locator }, 'switches focus to a frame or back to the main page'),
      tool('metro', { action: action('prepare', 'reload') }, 'Prepare a local Metro runtime or reload the app bundle.'),
    ]);
    expect(['interact', 'frame', 'metro'].map((name) => acting.kindOf(name).kind)).toEqual(['action', 'action', 'action']);
  });

  it('reads nothing from an action argument that is optional', () => {
    const optional = {
      ...tool('flash', { action: action('newsflash', 'list') }, 'Flash news.'),
      inputSchema: { type: 'object', properties: { action: action('newsflash', 'list') } },
    };
    expect(readServer([optional]).shapes.get('flash')?.operation).toBe('other');
  });
});
