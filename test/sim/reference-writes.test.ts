/**
 * A write to records no tool of the server creates (reference-writes.ts), through Ashby's real
 * tools (`bench/corpus/servers/ashby-mcp.json`, its `tools/list`), on the real platform in process:
 * an application exists in the service though no tool makes one, so the server that reads it by
 * any id also archives it by that id, and the read then shows the change. Where a read would
 * answer the not-found (a type a tool creates, an id outside a listed set), so does the write.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { mockOnTools, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-reference-writes-', (started) => (harness = started));

const { tools } = JSON.parse(readFileSync(new URL('../../bench/corpus/servers/ashby-mcp.json', import.meta.url), 'utf8')) as {
  tools: unknown[];
};
const applicationId = '49512d9a-7f36-431c-9d98-8829726a372b';

/** A mock of Ashby on an empty world, and a raw caller that keeps error results. */
async function ashby(connection: string) {
  const call = await mockOnTools(harness, { namespace: 'hiring', connection, tools });
  const answer = async (tool: string, args: Record<string, unknown>) => {
    const response = await harness.call('POST', `/connect/hiring/${connection}/.tools/${tool}`, { body: args });
    return { isError: response.body.isError === true, text: response.body.content[0].text as string };
  };
  return { call, answer };
}

describe('a write to records the service keeps but no tool creates', () => {
  it('archives an application by an id the world lacks, and the read by that id shows it archived, as a list of archived applications does', async () => {
    const { call } = await ashby('archive');
    const archived = await call('ashby_archive_application', { application_id: applicationId });
    expect(JSON.stringify(archived)).toContain(applicationId);
    const read = await call('ashby_get_application_details', { application_id: applicationId });
    expect(JSON.stringify(read)).toContain(applicationId);
    expect(JSON.stringify(read)).toMatch(/archived/i);
    const listed = await call('ashby_list_applications', { status: 'Archived' });
    expect(JSON.stringify(listed)).toContain(applicationId);
  });

  it('answers the same bytes to the same calls on the same world', async () => {
    const first = await ashby('first');
    const second = await ashby('second');
    for (const { call } of [first, second]) await call('ashby_archive_application', { application_id: applicationId });
    const reads = await Promise.all(
      [first, second].map(({ call }) => call('ashby_get_application_details', { application_id: applicationId })),
    );
    expect(reads[0]).toEqual(reads[1]);
  });

  it('still answers the not-found to an update of a candidate, a type a tool creates', async () => {
    const { answer } = await ashby('candidates');
    const tagged = await answer('ashby_add_candidate_tag', { candidate_id: 'c8f1e2d3-4b5a-4c6d-8e7f-9a0b1c2d3e4f', tag_id: 'tag_1' });
    expect(tagged.isError).toBe(true);
    expect(tagged.text).toMatch(/not found/);
  });

  it('still answers the not-found to an id outside the applications a list has shown', async () => {
    const { call, answer } = await ashby('listed');
    const listed = (await call('ashby_list_applications', {})) as Record<string, unknown>;
    expect(JSON.stringify(listed)).not.toContain(applicationId);
    const archived = await answer('ashby_archive_application', { application_id: applicationId });
    expect(archived.isError).toBe(true);
    expect(archived.text).toMatch(/not found/);
  });
});
