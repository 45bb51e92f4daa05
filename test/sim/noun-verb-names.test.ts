/**
 * Tools named resource first, method last (`pods_get`, `pods_run`, `resources_get`), as Google's API design guide
 * orders a call: the plural is the collection, so the argument, not the noun's number, says a Get reads one, and a
 * run verb in the last place still makes what it names. Driven with no model through the real platform (`app.fetch`,
 * a real SQLite file) on the real 20 tools of `kubernetes-mcp-server` (bench/corpus/servers, its `tools/list`).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { mockOnTools, toolAnswers, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-noun-verb-names-', (started) => (harness = started));

const { tools } = JSON.parse(readFileSync(new URL('../../bench/corpus/servers/kubernetes-mcp-server.json', import.meta.url), 'utf8')) as {
  tools: unknown[];
};

/** A new Kubernetes mock on an empty world: a caller that fails on an error, and one that answers errors as `{ error }`. */
async function kubernetes() {
  const call = await mockOnTools(harness, { namespace: 'k8s', connection: 'cluster', tools });
  return { call, answer: toolAnswers(harness, 'k8s/cluster') };
}

describe('a Kubernetes server whose tools put the method after the resource', () => {
  it('runs a pod that pods_get then reads by its name, one pod and not a list', async () => {
    const { call } = await kubernetes();
    const run = await call('pods_run', { image: 'nginx:1.27', name: 'web-frontend', namespace: 'storefront', port: 80 });
    expect(run).toMatchObject({ name: 'web-frontend' });
    const pod = await call('pods_get', { name: 'web-frontend', namespace: 'storefront' });
    expect(pod).toMatchObject({ name: 'web-frontend' });
    expect(pod.pods).toBeUndefined();
    expect(JSON.stringify(await call('pods_list_in_namespace', { namespace: 'storefront' }))).toContain('web-frontend');
  });

  it('answers a pod it never ran, or one deleted, with a not-found from pods_get', async () => {
    const { call, answer } = await kubernetes();
    expect((await answer('pods_get', { name: 'no-such-pod', namespace: 'storefront' })).error).toMatch(/not found/i);
    await call('pods_run', { image: 'redis:7', name: 'cache', namespace: 'storefront' });
    expect((await answer('pods_delete', { name: 'cache', namespace: 'storefront' })).error).toBeUndefined();
    expect((await answer('pods_get', { name: 'cache', namespace: 'storefront' })).error).toMatch(/not found/i);
  });

  it('reads one resource with resources_get, answering a missing one with a not-found', async () => {
    const { answer } = await kubernetes();
    const missing = await answer('resources_get', { apiVersion: 'v1', kind: 'ConfigMap', name: 'no-such-map', namespace: 'storefront' });
    expect(missing.error).toMatch(/not found/i);
    expect(missing.resources).toBeUndefined();
  });
});
