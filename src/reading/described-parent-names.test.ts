import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { readServer } from './read-server.js';
import { toDescribedWorld } from './described-world.js';
import { isNameKeyed } from './name-keyed-type.js';

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object' as const, properties, required });
const described = (description: string) => ({ type: 'string', description });
/** A cluster's tools: namespaces are listed, and named by a bare `namespace` argument described as the namespace. */
const clusterTools = (namespace = described('Namespace to list pods from')): ToolDefinition[] => [
  { name: 'namespaces_list', description: 'List all the namespaces.', inputSchema: object({}) },
  { name: 'pods_list_in_namespace', description: 'List the pods in a namespace.', inputSchema: object({ namespace }, ['namespace']) },
  {
    name: 'pods_get',
    description: 'Get a pod.',
    inputSchema: object({ name: described('Name of the Pod'), namespace }, ['name']),
  },
];
const text = 'Namespace shop has pods web-7f9c (image nginx:1.27) and api-5d2e. Namespace payments has pod ledger-0 (image postgres:16).';

describe('the parents a description names before their children', () => {
  it('seeds every name spelled as a key after a plural or a singular, in the namespace named before them', () => {
    const world = toDescribedWorld(readServer(clusterTools()), text);
    expect(world.entities.namespace).toEqual({ shop: { id: 'shop', name: 'shop' }, payments: { id: 'payments', name: 'payments' } });
    expect(Object.values(world.entities.pod ?? {}).map((pod) => [pod.name, pod.namespace])).toEqual([
      ['web-7f9c', 'shop'],
      ['api-5d2e', 'shop'],
      ['ledger-0', 'payments'],
    ]);
  });

  it('names no pod where the words after the plural describe them rather than name them', () => {
    const world = toDescribedWorld(readServer(clusterTools()), 'Namespace shop has pods running nginx.');
    expect(world.entities).toEqual({});
  });

  it('keys a parent named only by its bare word by its name, and one whose argument is described as an id by a made-up id', () => {
    expect(isNameKeyed(readServer(clusterTools()), 'namespace')).toBe(true);
    const byId = readServer(clusterTools(described('The ID of the namespace')));
    expect(isNameKeyed(byId, 'namespace')).toBe(false);
    const ids = Object.keys(toDescribedWorld(byId, text).entities.namespace ?? {});
    expect(ids).toHaveLength(2);
    expect(ids).not.toContain('shop');
  });
});
