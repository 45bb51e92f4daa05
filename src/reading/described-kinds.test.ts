import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { readServer } from './read-server.js';
import { toDescribedWorld } from './described-world.js';

const { tools } = JSON.parse(readFileSync(new URL('../../bench/corpus/servers/kubernetes-mcp-server.json', import.meta.url), 'utf8')) as {
  tools: ToolDefinition[];
};
const model = readServer(tools);

describe('records of a kind a generic type keeps', () => {
  it('seeds a kind the tools give by example, named as a key after its word, with the API version they pair it with', () => {
    const world = toDescribedWorld(
      model,
      'Namespace shop has pod web-1. Deployment web in namespace shop has 3 replicas. Ingress edge-1 exists.',
    );
    expect(world.entities.resource).toEqual({
      web: expect.objectContaining({ name: 'web', kind: 'Deployment', apiVersion: 'apps/v1', namespace: 'shop', replicas: 3 }),
      'edge-1': expect.objectContaining({ name: 'edge-1', kind: 'Ingress', apiVersion: 'networking.k8s.io/v1' }),
    });
  });

  it('reads no kind that is a type of its own, and no word that goes on with the sentence as a name', () => {
    const world = toDescribedWorld(model, 'Pod web-1 is Running. The Deployment is down. Every Service in the cluster is public.');
    expect(world.entities.resource).toBeUndefined();
  });
});
