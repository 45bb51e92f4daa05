import { describe, expect, it } from 'vitest';
import { toManifestError, toManifestObject } from './manifest-text.js';

describe('a manifest given as text', () => {
  it('reads JSON text and YAML text of one object as the same object', () => {
    const object = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'shop' }, spec: { ports: [{ port: 80 }] } };
    expect(toManifestObject(JSON.stringify(object))).toEqual(object);
    const yaml = 'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n  namespace: shop\nspec:\n  ports:\n    - port: 80\n';
    expect(toManifestObject(yaml)).toEqual(object);
  });

  it('takes the first document of a YAML stream', () => {
    expect(toManifestObject('kind: Service\nmetadata:\n  name: a\n---\nkind: Service\nmetadata:\n  name: b\n')).toEqual({
      kind: 'Service',
      metadata: { name: 'a' },
    });
  });

  it('leaves plain names, one-line notes, lists and broken text as text', () => {
    expect(toManifestObject('web')).toBeNull();
    expect(toManifestObject('note: call back')).toBeNull();
    expect(toManifestObject('- a\n- b')).toBeNull();
    expect(toManifestObject('{"kind": "Service",')).toBeNull();
    expect(toManifestObject('kind: [unclosed\nname: x')).toBeNull();
    expect(toManifestObject(42)).toBeNull();
  });

  it('refuses text that spells no object only where the argument carrying the entity is described as JSON or YAML of it', () => {
    const apply = (description: string) => ({
      name: 'resources_create_or_update',
      inputSchema: { type: 'object' as const, properties: { resource: { type: 'string', description } } },
    });
    const shape = { entity: 'resource', idArgument: 'resource', operation: 'update' as const };
    const manifest = apply('Complete YAML or JSON representation of the Kubernetes resource.');
    expect(toManifestError({ tool: manifest, shape, args: { resource: 'not a manifest' } })?.error).toContain('"not a manifest"');
    expect(toManifestError({ tool: manifest, shape, args: { resource: '{"kind":"Service","metadata":{"name":"web"}}' } })).toBeNull();
    // A description that only mentions JSON, or a read, takes any text.
    expect(toManifestError({ tool: apply('The resource name; results come back as JSON.'), shape, args: { resource: 'web' } })).toBeNull();
    expect(toManifestError({ tool: manifest, shape: { ...shape, operation: 'read' }, args: { resource: 'web' } })).toBeNull();
  });
});
