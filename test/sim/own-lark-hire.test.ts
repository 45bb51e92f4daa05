/**
 * A user's recruiting server, driven at the end of a round as nobody had tuned on it: 41 real tools
 * of `@larksuiteoapi/lark-mcp` 0.5.1 with Lark Hire enabled (`-t hire.v1.job.list,...`, read from
 * its own tool definitions, servers/lark-hire-mcp-tools.json: every tool takes the request's parts
 * `{path, params, data}`), through the real MCP SDK client over the real platform (a real SQLite
 * file, `app.fetch` in process), with no model.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { describedMock, useSimulatorHarness } from '../support/simulator-harness.js';
import { connectMockClient } from '../support/mock-client.js';
import type { ToolDefinition } from '../../src/domain/registry.js';

let harness: Harness;
useSimulatorHarness('mcpsim-own-lark-hire-', (started) => (harness = started));

const tools = JSON.parse(readFileSync(new URL('./servers/lark-hire-mcp-tools.json', import.meta.url), 'utf8')) as ToolDefinition[];
const empty = { world: { entities: {}, facts: [] } };

async function connectHire() {
  const connected = await connectMockClient(harness, { name: 'hire', tools });
  expect((await harness.call('PUT', '/__mcpsim/connections/lab/hire/simulation', { body: empty })).status).toBe(200);
  return connected;
}

/** A job as the real `combinedCreate` requires it: its recruiter and hiring managers, a recruitment process, a department, types. */
async function createJob(call: Awaited<ReturnType<typeof connectHire>>['call'], title: string) {
  const processes = await call('hire_v1_jobProcess_list', {});
  const processId = (Object.values(processes.json as Record<string, unknown>).find(Array.isArray) as { id: string }[])[0]!.id;
  const managers = { recruiter_id: 'ou_mei', hiring_manager_id_list: ['ou_tom'] };
  const data = { title, job_managers: managers, job_process_id: processId, process_type: 1, department_id: 'od_eng' };
  const job = await call('hire_v1_job_combinedCreate', {
    data: { ...data, is_never_expired: true, job_type_id: '1', recruitment_type_id: '101' },
  });
  expect(job.isError, job.text).toBe(false);
  return job.json.id as string;
}

describe('a Lark Hire server driven with no model', () => {
  it('names its records without the API version the tool names carry (hire_v1_job_list lists jobs)', async () => {
    const { call, close } = await connectHire();
    try {
      await createJob(call, 'Backend Engineer');
      const listed = await call('hire_v1_job_list', {});
      expect(Object.keys(listed.json)).toContain('jobs');
      const unknown = await call('hire_v1_job_get', { path: { job_id: 'nope_999' } });
      expect(unknown.isError).toBe(true);
      expect(unknown.text).toMatch(/^Job nope_999 not found/);
    } finally {
      await close();
    }
  });

  it('changes a record named in the request path, as its reads find it there (note_patch, application_terminate)', async () => {
    const { call, close } = await connectHire();
    try {
      const talent = await call('hire_v1_talent_combinedCreate', { data: { basic_info: { name: 'Ana Souza' } } });
      const talentId = talent.json.id as string;
      const jobId = await createJob(call, 'Store Manager');
      const note = await call('hire_v1_note_create', { data: { talent_id: talentId, content: 'Strong Go skills' } });
      expect(note.isError, note.text).toBe(false);
      const patched = await call('hire_v1_note_patch', { path: { note_id: note.json.id }, data: { content: 'Strong Go and SQL' } });
      expect(patched.isError, patched.text).toBe(false);
      expect((await call('hire_v1_note_get', { path: { note_id: note.json.id } })).json).toMatchObject({ content: 'Strong Go and SQL' });
      const application = await call('hire_v1_application_create', { data: { talent_id: talentId, job_id: jobId } });
      const applicationId = application.json.id as string;
      const ended = await call('hire_v1_application_terminate', { path: { application_id: applicationId }, data: { termination_type: 1 } });
      expect(ended.isError, ended.text).toBe(false);
      expect((await call('hire_v1_application_get', { path: { application_id: applicationId } })).json).toMatchObject({
        status: 'terminated',
      });
    } finally {
      await close();
    }
  });

  it('lists the applications changed in a window its times bound as milliseconds in text (update_start_time, update_end_time)', async () => {
    const { call, close } = await connectHire();
    try {
      const talent = await call('hire_v1_talent_combinedCreate', { data: { basic_info: { name: 'Jonas Berg' } } });
      const jobId = await createJob(call, 'Bike Mechanic');
      const application = await call('hire_v1_application_create', { data: { talent_id: talent.json.id, job_id: jobId } });
      expect(application.isError, application.text).toBe(false);
      const made = Date.parse(application.json.created_at as string);
      const listed = async (start: number, end: number) =>
        (await call('hire_v1_application_list', { params: { update_start_time: String(start), update_end_time: String(end) } })).json
          .applications as { id: string }[];
      expect(await listed(made - 86_400_000, made + 86_400_000)).toEqual([expect.objectContaining({ id: application.json.id })]);
      expect(await listed(made - 30 * 86_400_000, made - 20 * 86_400_000)).toEqual([]);
    } finally {
      await close();
    }
  });

  it('lists the active, the inactive or all applications by the code its description gives (active_status 1, 2, 3)', async () => {
    const { call, close } = await connectHire();
    try {
      const jobId = await createJob(call, 'Backend Engineer');
      const ids: string[] = [];
      for (const name of ['Ana Souza', 'Ravi Patel']) {
        const talent = await call('hire_v1_talent_combinedCreate', { data: { basic_info: { name } } });
        ids.push((await call('hire_v1_application_create', { data: { talent_id: talent.json.id, job_id: jobId } })).json.id as string);
      }
      const ended = await call('hire_v1_application_terminate', { path: { application_id: ids[1] }, data: { termination_type: 1 } });
      expect(ended.isError, ended.text).toBe(false);
      const listed = async (code: string) =>
        ((await call('hire_v1_application_list', { params: { active_status: code } })).json.applications as { id: string }[])
          .map((application) => application.id)
          .sort();
      expect(await listed('1')).toEqual([ids[0]]);
      expect(await listed('2')).toEqual([ids[1]]);
      expect(await listed('3')).toEqual([...ids].sort());
      // application_recover recovers the terminated one: it is active again.
      const recovered = await call('hire_v1_application_recover', { path: { application_id: ids[1] } });
      expect(recovered.isError, recovered.text).toBe(false);
      expect(await listed('1')).toEqual([...ids].sort());
      expect(await listed('2')).toEqual([]);
    } finally {
      await close();
    }
  });

  it('seeds the applications, interviews and offers a recruiter lists by who applied for what', async () => {
    const call = await describedMock(harness, {
      server: '@qa/lark-hire-described',
      displayName: 'Lark Hire',
      tools,
      namespace: 'recruiting',
      connection: 'hire',
      scenario: [
        'Northwind Cycles hires in Lark Hire.',
        'Jobs: Backend Engineer and Store Manager.',
        'Talents: Ana Souza and Ravi Patel.',
        'Applications: Ana Souza for Backend Engineer, in the interview stage;',
        'Ravi Patel for Store Manager, terminated on March 2.',
        'Interviews: Ana Souza for Backend Engineer on March 5.',
        'Offers: Ana Souza for Backend Engineer, 90,000 USD.',
      ].join('\n'),
    });
    const talents = new Map(
      ((await call('hire_v1_talent_list', {})).talents as { id: string; name: string }[]).map((talent) => [talent.name, talent.id]),
    );
    const jobs = new Map(((await call('hire_v1_job_list', {})).jobs as { id: string; title: string }[]).map((job) => [job.title, job.id]));
    const applications = (await call('hire_v1_application_list', {})).applications as Record<string, unknown>[];
    expect(applications.map((application) => [application.talent_id, application.job_id])).toEqual([
      [talents.get('Ana Souza'), jobs.get('Backend Engineer')],
      [talents.get('Ravi Patel'), jobs.get('Store Manager')],
    ]);
    const ended = (await call('hire_v1_application_list', { params: { active_status: '2' } })).applications as { id: string }[];
    expect(ended.map((application) => application.id)).toEqual([applications[1]!.id]);
    const interviews = (await call('hire_v1_interview_list', {})).interviews as Record<string, unknown>[];
    expect(interviews).toEqual([expect.objectContaining({ application_id: applications[0]!.id, talent_id: talents.get('Ana Souza') })]);
    const offers = (await call('hire_v1_offer_list', { params: { talent_id: talents.get('Ana Souza') } })).offers as Record<
      string,
      unknown
    >[];
    expect(offers).toEqual([expect.objectContaining({ application_id: applications[0]!.id, amount: 90000 })]);
  });

  it('answers who am I (authen_v1_userInfo_get, whose one argument is a flag) with the person the scenario signs in', async () => {
    const call = await describedMock(harness, {
      server: '@qa/lark-hire-caller',
      displayName: 'Lark Hire',
      tools,
      namespace: 'recruiting-caller',
      connection: 'hire',
      scenario: 'Northwind Cycles hires in Lark Hire. Mei Chen (mei@northwind.example) is signed in.',
    });
    expect(await call('authen_v1_userInfo_get', { useUAT: true })).toMatchObject({ name: 'Mei Chen', email: 'mei@northwind.example' });
  });
});
