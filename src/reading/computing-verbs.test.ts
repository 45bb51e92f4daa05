import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { readServer } from './read-server.js';

const text = { type: 'string' };
const tool = (name: string, description: string, properties: Record<string, unknown>, readOnly = false): ToolDefinition => ({
  name,
  description,
  inputSchema: { type: 'object', properties },
  ...(readOnly ? { annotations: { readOnlyHint: true } } : {}),
});

describe('a calculator', () => {
  const model = readServer([
    tool('convert', 'Convert between units: length, weight, temperature.', { value: text, from: text, to: text }),
    tool('math', 'Evaluate math expressions or compute statistics on numbers.', { expression: text }),
    tool('bounding_box_tool', 'Calculates bounding box of given GeoJSON content.', { geojson: text }, true),
    tool('text_to_audio', 'Convert text to audio with a given voice and save the output to a file.', { text }),
    {
      ...tool('convert_to_draft', 'Convert a pull request to draft status.', { pull_request_id: text }),
      inputSchema: { type: 'object', properties: { pull_request_id: text }, required: ['pull_request_id'] },
    },
    tool('get_pull_request', 'Get a pull request.', { pull_request_id: text }),
  ]);
  const kindOf = (name: string) => model.kindOf(name).kind;

  it('answers the value it works out, whether its name has no verb or its annotations make it a read', () => {
    expect(kindOf('convert')).toBe('computed value');
    expect(kindOf('math')).toBe('computed value');
    expect(kindOf('bounding_box_tool')).toBe('computed value');
  });

  it('keeps what its description says it saves, and acts on a thing it is given the id of', () => {
    expect(kindOf('text_to_audio')).not.toBe('computed value');
    expect(kindOf('convert_to_draft')).not.toBe('computed value');
  });
});
