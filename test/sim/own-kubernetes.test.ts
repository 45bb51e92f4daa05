/**
 * A user's own Kubernetes cluster, described as an engineer would, with no model: the real 20 tools
 * of `kubernetes-mcp-server` (bench/corpus/servers/kubernetes-mcp-server.json, its `tools/list`),
 * over the real platform (a real SQLite file, `app.fetch` in process). What a user met driving it
 * is issue 36.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { describedMock, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-own-kubernetes-', (started) => (harness = started));

const { tools } = JSON.parse(readFileSync(new URL('../../bench/corpus/servers/kubernetes-mcp-server.json', import.meta.url), 'utf8')) as {
  tools: unknown[];
};
const scenario = `A staging cluster run by Priya Nair (login priya). Namespace shop has pods web-7f9c (image nginx:1.27, Running) and
api-5d2e (image ghcr.io/acme/api:2.3.1, CrashLoopBackOff). Namespace payments has pod ledger-0 (image postgres:16, Running).
Deployment web in namespace shop has 3 replicas.`;

/** A new mock of the described cluster, and a caller of its tools over REST. */
function kubernetes(connection: string) {
  return describedMock(harness, { server: '@qa/kubernetes', displayName: 'Kubernetes', tools, namespace: 'ops', connection, scenario });
}

type Pod = { name: string; namespace?: string };

describe('a Kubernetes cluster described in words, through its real tools', () => {
  it('seeds every pod the description names, each in the namespace its sentence names, and lists them by that namespace', async () => {
    const call = await kubernetes('pods');
    const { pods } = (await call('pods_list', {})) as { pods: Pod[] };
    expect(pods.map((pod) => [pod.name, pod.namespace]).sort()).toEqual([
      ['api-5d2e', 'shop'],
      ['ledger-0', 'payments'],
      ['web-7f9c', 'shop'],
    ]);
    const inShop = (await call('pods_list_in_namespace', { namespace: 'shop' })) as { pods: Pod[] };
    expect(inShop.pods.map((pod) => pod.name).sort()).toEqual(['api-5d2e', 'web-7f9c']);
    const inPayments = (await call('pods_list_in_namespace', { namespace: 'payments' })) as { pods: Pod[] };
    expect(inPayments.pods.map((pod) => pod.name)).toEqual(['ledger-0']);
  });

  it('seeds each pod in the state its parenthesis gives as a constant, spelled as the states the server lists (Running, CrashLoopBackOff)', async () => {
    const call = await kubernetes('states');
    expect(await call('pods_get', { name: 'web-7f9c', namespace: 'shop' })).toEqual(expect.objectContaining({ status: 'Running' }));
    expect(await call('pods_get', { name: 'api-5d2e', namespace: 'shop' })).toEqual(
      expect.objectContaining({ status: 'CrashLoopBackOff', image: 'ghcr.io/acme/api:2.3.1' }),
    );
    expect(await call('pods_get', { name: 'ledger-0', namespace: 'payments' })).toEqual(expect.objectContaining({ status: 'Running' }));
  });

  it('seeds the deployment the description names by its kind, with its API version, namespace and replicas, and finds it by kind and name', async () => {
    const call = await kubernetes('deployment');
    const deployment = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' };
    expect(await call('resources_get', { ...deployment, namespace: 'shop' })).toEqual(
      expect.objectContaining({ ...deployment, namespace: 'shop', replicas: 3 }),
    );
    const listed = (await call('resources_list', { apiVersion: 'apps/v1', kind: 'Deployment' })) as { resources: { name: string }[] };
    expect(listed.resources.map((resource) => resource.name)).toEqual(['web']);
    expect(((await call('resources_list', { apiVersion: 'v1', kind: 'Service' })) as { resources: unknown[] }).resources).toEqual([]);
  });

  it('lists the namespaces the description names, by the names a call passes, and makes none up beside them', async () => {
    const call = await kubernetes('namespaces');
    const { namespaces } = (await call('namespaces_list', {})) as { namespaces: { name: string }[] };
    expect(namespaces.map((namespace) => namespace.name).sort()).toEqual(['payments', 'shop']);
  });

  it('lists no pods once every pod is deleted, rather than making new ones up', async () => {
    const call = await kubernetes('emptied');
    const { pods } = (await call('pods_list', {})) as { pods: Pod[] };
    expect(pods.length).toBeGreaterThan(0);
    for (const pod of pods) expect(await call('pods_delete', { name: pod.name, namespace: pod.namespace })).not.toHaveProperty('error');
    expect(await call('pods_list', {})).toEqual({ pods: [], total: 0 });
  });

  it('keeps a resource applied from a JSON or YAML manifest under its kind, namespace and metadata.name, and a second apply updates it', async () => {
    const call = await kubernetes('applied');
    const api = (replicas: number) => ({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'api', namespace: 'shop' },
      spec: { replicas, template: { spec: { containers: [{ name: 'api', image: 'ghcr.io/acme/api:2.4.0' }] } } },
    });
    expect(await call('resources_create_or_update', { resource: JSON.stringify(api(2)) })).not.toHaveProperty('error');
    const deployment = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'api', namespace: 'shop' };
    expect(await call('resources_get', deployment)).toEqual(expect.objectContaining({ ...deployment, spec: api(2).spec }));
    expect(await call('resources_create_or_update', { resource: JSON.stringify(api(5)) })).not.toHaveProperty('error');
    const listed = (await call('resources_list', { apiVersion: 'apps/v1', kind: 'Deployment' })) as { resources: { name: string }[] };
    expect(listed.resources.map((resource) => resource.name).sort()).toEqual(['api', 'web']);
    expect(await call('resources_get', deployment)).toEqual(expect.objectContaining({ spec: api(5).spec }));
    // A Service named like the Deployment web is a second resource: the kind keys it too.
    const service = 'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n  namespace: shop\nspec:\n  ports:\n    - port: 80\n';
    expect(await call('resources_create_or_update', { resource: service })).not.toHaveProperty('error');
    expect(await call('resources_get', { apiVersion: 'v1', kind: 'Service', name: 'web', namespace: 'shop' })).toEqual(
      expect.objectContaining({ kind: 'Service', name: 'web', spec: { ports: [{ port: 80 }] } }),
    );
    expect(await call('resources_get', { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', namespace: 'shop' })).toEqual(
      expect.objectContaining({ kind: 'Deployment', replicas: 3 }),
    );
    const services = (await call('resources_list', { apiVersion: 'v1', kind: 'Service' })) as { resources: { name: string }[] };
    expect(services.resources.map((resource) => resource.name)).toEqual(['web']);
    // Text that is no manifest is refused, as the cluster's apply refuses it, and nothing is kept.
    expect((await call('resources_create_or_update', { resource: 'not a manifest' })).error).toContain('not a manifest');
    const all = (await call('resources_list', { apiVersion: 'v1', kind: 'Service' })) as { resources: unknown[] };
    expect(all.resources).toHaveLength(1);
  });

  it('scales a deployment by setting its replicas to the scale a call gives, where the record keeps them, and reads them back unchanged', async () => {
    const call = await kubernetes('scaled');
    const web = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', namespace: 'shop' };
    const scaled = await call('resources_scale', { ...web, scale: 5 });
    expect(scaled).toEqual(expect.objectContaining({ replicas: 5 }));
    expect(scaled).not.toHaveProperty('scale');
    expect(await call('resources_get', web)).toEqual(expect.objectContaining({ replicas: 5 }));
    // Without a scale the tool reads the current one.
    expect(await call('resources_scale', web)).toEqual(expect.objectContaining({ replicas: 5 }));
    // A resource applied from a manifest keeps its count in its spec, and the scale changes it there.
    const manifest = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'api', namespace: 'shop' }, spec: { replicas: 2 } };
    await call('resources_create_or_update', { resource: JSON.stringify(manifest) });
    await call('resources_scale', { ...web, name: 'api', scale: 4 });
    const api = await call('resources_get', { ...web, name: 'api' });
    expect(api).toEqual(expect.objectContaining({ spec: { replicas: 4 } }));
    expect(api).not.toHaveProperty('scale');
  });

  it('scales a count the record shows in two places (a described `replicas` and an applied `spec.replicas`) in both', async () => {
    const call = await kubernetes('both');
    const web = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', namespace: 'shop' };
    const manifest = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'shop' }, spec: { replicas: 3 } };
    await call('resources_create_or_update', { resource: JSON.stringify(manifest) });
    const before = await call('resources_get', web);
    expect([before.replicas, before.spec?.replicas]).toEqual([3, 3]);
    await call('resources_scale', { ...web, scale: 6 });
    const after = await call('resources_get', web);
    expect([after.replicas, after.spec.replicas]).toEqual([6, 6]);
    const [listed] = ((await call('resources_list', { apiVersion: 'apps/v1', kind: 'Deployment' })) as { resources: Record<string, any>[] })
      .resources;
    expect([listed!.replicas, listed!.spec.replicas]).toEqual([6, 6]);
  });

  it("shows no `resource` key of the simulator's beside the resource's name, in a read, a list or a scale", async () => {
    const call = await kubernetes('keys');
    const web = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', namespace: 'shop' };
    const manifest = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'api', namespace: 'shop' }, spec: { replicas: 2 } };
    await call('resources_create_or_update', { resource: JSON.stringify(manifest) });
    const answers = [
      await call('resources_get', web),
      await call('resources_scale', { ...web, scale: 4 }),
      ...((await call('resources_list', { apiVersion: 'apps/v1', kind: 'Deployment' })) as { resources: object[] }).resources,
    ];
    expect(answers).toHaveLength(4);
    for (const answer of answers) expect(answer).not.toHaveProperty('resource');
    expect(await call('resources_get', web)).toEqual(expect.objectContaining({ name: 'web', replicas: 4 }));
  });
});
