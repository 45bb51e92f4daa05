import { describe, expect, it } from 'vitest';
import { toManifestObject } from './manifest-text.js';

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
});
