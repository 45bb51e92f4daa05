/**
 * A user's own Runpod account, described as an ML engineer would, with no model: the real 68 tools
 * of `@runpod/mcp-server` 4.0.0 (servers/runpod-mcp-tools.json), over the real platform (a real
 * SQLite file, `app.fetch` in process). Runpod's tools are made from its OpenAPI operations: path
 * arguments flat beside a `body`, enums kept in `$defs`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { describedMock, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-own-runpod-', (started) => (harness = started));

const tools = JSON.parse(readFileSync(new URL('./servers/runpod-mcp-tools.json', import.meta.url), 'utf8')) as unknown[];
const scenario = `Priya Nair runs the Runpod account of a small ML team. There are two pods: "trainer-a100" (RUNNING, 1x NVIDIA
A100 80GB, image runpod/pytorch:2.4) and "notebook-4090" (EXITED, 1x NVIDIA GeForce RTX 4090). There is one network volume,
"datasets" (200 GB, data center EU-RO-1). There is one template, "vllm-serve".`;

/** A new mock of the described account, and a caller of its tools over REST. */
function runpod(connection: string) {
  return describedMock(harness, { server: '@qa/runpod', displayName: 'Runpod', tools, namespace: 'ml', connection, scenario });
}

describe('a Runpod account described in words, through its real tools', () => {
  it("moves a pod to the state pod-action's description gives each body.action, and terminate deletes it", async () => {
    const call = await runpod('actions');
    const { pods } = (await call('list-pods', {})) as { pods: { id: string; name: string }[] };
    const trainer = pods.find((pod) => pod.name === 'trainer-a100')!;
    // "`start`, `stop`, and `restart` return `200` with the updated pod": a status code is no answer.
    const stopped = await call('pod-action', { id: trainer.id, body: { action: 'stop' } });
    expect(stopped).toMatchObject({ id: trainer.id, status: 'EXITED' });
    expect(await call('get-pod', { id: trainer.id })).toMatchObject({ status: 'EXITED' });
    await call('pod-action', { id: trainer.id, body: { action: 'start' } });
    expect(await call('get-pod', { id: trainer.id })).toMatchObject({ status: 'RUNNING' });
    // "`terminate` — permanently delete the pod".
    expect(await call('pod-action', { id: trainer.id, body: { action: 'terminate' } })).not.toHaveProperty('error');
    expect(await call('get-pod', { id: trainer.id })).toHaveProperty('error');
    const left = (await call('list-pods', {})) as { pods: { name: string }[] };
    expect(left.pods.map((pod) => pod.name)).toEqual(['notebook-4090']);
  });

  it('seeds what the description gives each record in parentheses: a state the tools name, a size in GB, an image, a GPU and its count', async () => {
    const call = await runpod('seeded');
    const { pods } = (await call('list-pods', {})) as { pods: { id: string; name: string }[] };
    const read = (name: string) => call('get-pod', { id: pods.find((pod) => pod.name === name)!.id });
    expect(await read('trainer-a100')).toMatchObject({
      status: 'RUNNING',
      image: 'runpod/pytorch:2.4',
      gpu: { id: 'NVIDIA A100 80GB', count: 1 },
    });
    expect(await read('notebook-4090')).toMatchObject({ status: 'EXITED', gpu: { id: 'NVIDIA GeForce RTX 4090', count: 1 } });
    const { network_volumes: volumes } = (await call('list-network-volumes', {})) as { network_volumes: { id: string }[] };
    expect(await call('get-network-volume', { id: volumes[0]!.id })).toMatchObject({ name: 'datasets', size: 200, dataCenter: 'EU-RO-1' });
  });

  it('starts a created pod running, as a pod that is started and stopped runs once rented', async () => {
    const call = await runpod('created');
    const created = await call('create-pod', {
      body: { name: 'ft-h100', gpu: { id: 'NVIDIA H100 80GB HBM3', count: 1 }, image: 'runpod/pytorch:2.4' },
    });
    expect(created).toMatchObject({ name: 'ft-h100', status: 'RUNNING', gpu: { id: 'NVIDIA H100 80GB HBM3', count: 1 } });
    await call('pod-action', { id: created.id, body: { action: 'stop' } });
    expect(await call('get-pod', { id: created.id })).toMatchObject({ status: 'EXITED' });
  });

  it("makes a new template's id in the format of the templateId examples (30zmvf89kd), and reads it back by that id", async () => {
    const call = await runpod('ids');
    const created = await call('create-template', { body: { name: 'comfy', image: 'runpod/comfyui:latest' } });
    expect(created.id).toMatch(/^[a-z0-9]{10}$/);
    expect(await call('get-template', { id: created.id })).toMatchObject({ name: 'comfy' });
  });

  it('lists the GPU types the described pods run on, not made-up ones', async () => {
    const call = await runpod('gpu-types');
    const { gpu_types: types } = (await call('list-gpu-types', {})) as { gpu_types: { name: string }[] };
    expect(types.map((type) => type.name)).toEqual(['NVIDIA A100 80GB', 'NVIDIA GeForce RTX 4090']);
  });
});
