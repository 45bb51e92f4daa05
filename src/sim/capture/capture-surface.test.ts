import { describe, expect, it } from 'vitest';
import { mockSurfaceSchema } from '../../domain/mock-surface.js';
import { createSurfaceCapture } from './capture-surface.js';

describe('createSurfaceCapture', () => {
  it('keeps the values each completion offered, per prompt or template argument, in the order first seen', () => {
    const surface = createSurfaceCapture();
    const prompt = { ref: { type: 'ref/prompt', name: 'greet' }, argument: { name: 'user', value: 'a' } };
    expect(surface.add('completion/complete', prompt, { completion: { values: ['ada', 'alan'] } })).toBe(true);
    surface.add('completion/complete', { ...prompt, argument: { name: 'user', value: 'b' } }, { completion: { values: ['bob', 'ada'] } });
    const template = { ref: { type: 'ref/resource', uri: 'test://items/{id}' }, argument: { name: 'id', value: '' } };
    surface.add('completion/complete', template, { completion: { values: ['1', '2'] } });
    expect(surface.add('completion/complete', { ref: { type: 'ref/prompt' } }, { completion: { values: [] } })).toBe(false);

    const captured = surface.toSurface();
    expect(captured.completions).toEqual([
      { prompt: 'greet', argument: 'user', values: ['ada', 'alan', 'bob'] },
      { resourceTemplate: 'test://items/{id}', argument: 'id', values: ['1', '2'] },
    ]);
    expect(mockSurfaceSchema.safeParse(captured).success).toBe(true);
  });

  it('keeps a prompt message with an image as its content block, without its annotations', () => {
    const surface = createSurfaceCapture();
    const image = { type: 'image', data: 'aGVsbG8=', mimeType: 'image/png', annotations: { priority: 1 } };
    surface.add('prompts/get', { name: 'logo' }, { messages: [{ role: 'user', content: image }] });
    expect(surface.toSurface().prompts).toEqual([
      { name: 'logo', messages: [{ role: 'user', content: { type: 'image', data: 'aGVsbG8=', mimeType: 'image/png' } }] },
    ]);
  });
});
