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
  it('lists no pods once every pod is deleted, rather than making new ones up', async () => {
    const call = await kubernetes('emptied');
    const { pods } = (await call('pods_list', {})) as { pods: Pod[] };
    expect(pods.length).toBeGreaterThan(0);
    for (const pod of pods) expect(await call('pods_delete', { name: pod.name, namespace: pod.namespace })).not.toHaveProperty('error');
    expect(await call('pods_list', {})).toEqual({ pods: [], total: 0 });
  });
});
