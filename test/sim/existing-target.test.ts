/**
 * A create that names an existing entity by its record id acts on it (existing-target.ts), over
 * the real platform (`app.fetch`, a real SQLite file, the stateful simulator alone): Render's
 * `deploy_service(serviceId)` deploys the service it names, where it answered "already exists".
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { mockOnTools, toolAnswers, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-existing-target-', (started) => (harness = started));

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });
const text = { type: 'string' };
const tools = [
  { name: 'create_service', description: 'Create a new service', inputSchema: object({ name: text, repo: text }, ['name']) },
  { name: 'get_service', description: 'Get a service by its id', inputSchema: object({ serviceId: text }, ['serviceId']) },
  {
    name: 'deploy_service',
    description: 'Deploy a service',
    inputSchema: object({ serviceId: text, clearCache: { type: 'boolean' } }, ['serviceId']),
  },
  { name: 'get_deploys', description: 'List the deploys of a service', inputSchema: object({ serviceId: text }, ['serviceId']) },
  { name: 'create_branch', description: 'Create a branch', inputSchema: object({ branch: text, from: text }, ['branch']) },
  { name: 'list_branches', description: 'List branches', inputSchema: object({}) },
  {
    name: 'create_document',
    description: 'Create a document under the id you choose',
    inputSchema: object({ document_id: text, title: text }, ['document_id']),
  },
  { name: 'get_document', description: 'Get a document', inputSchema: object({ document_id: text }, ['document_id']) },
];

describe('a create naming an existing entity by its id', () => {
  it('makes a deploy of the service it names, which its deploys then list, and leaves the service as it was', async () => {
    const call = await mockOnTools(harness, { namespace: 'hosting', connection: 'render', tools });
    const service = await call('create_service', { name: 'api-gateway', repo: 'https://github.com/example/api-gateway' });
    const deploy = await call('deploy_service', { serviceId: service.id, clearCache: true });
    expect(deploy.id).not.toBe(service.id);
    expect(deploy).toMatchObject({ serviceId: service.id, clearCache: true });
    const again = await call('deploy_service', { serviceId: service.id });
    const listed = await call('get_deploys', { serviceId: service.id });
    expect(listed.deploys.map((item: { id: string }) => item.id)).toEqual(expect.arrayContaining([deploy.id, again.id]));
    expect(await call('get_service', { serviceId: service.id })).toMatchObject({ id: service.id, name: 'api-gateway' });
  });

  it('still refuses a second branch of a name the caller picks', async () => {
    await mockOnTools(harness, { namespace: 'hosting', connection: 'repo', tools });
    const call = toolAnswers(harness, 'hosting/repo');
    expect(await call('create_branch', { branch: 'release', from: 'main' })).not.toHaveProperty('error');
    expect((await call('create_branch', { branch: 'release', from: 'main' })).error).toMatch(/already exists/);
  });

  it('still refuses a second document under an id the caller picks, where no other tool makes documents', async () => {
    await mockOnTools(harness, { namespace: 'hosting', connection: 'docs', tools });
    const call = toolAnswers(harness, 'hosting/docs');
    expect(await call('create_document', { document_id: 'doc_handbook', title: 'Handbook' })).not.toHaveProperty('error');
    expect((await call('create_document', { document_id: 'doc_handbook', title: 'Other' })).error).toMatch(/already exists/);
    expect(await call('get_document', { document_id: 'doc_handbook' })).toMatchObject({ title: 'Handbook' });
  });
});
