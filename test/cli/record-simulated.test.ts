/**
 * `mcpsim record --source simulated`: with no model configured, the simulator answers a scenario's
 * calls and its answers are written as fixtures that `mcpsim test` then replays; a replay miss
 * offers that command. Driven through `main` in process with a captured io, on a scratch folder.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { CliIo } from '../../src/cli/io.js';

async function run(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = { stdout: '', stderr: '' };
  const io: CliIo = {
    stdout: (text) => void (out.stdout += text),
    stderr: (text) => void (out.stderr += text),
    env: { MCPSIM_EMBEDDING_MODEL: 'off' },
    onShutdownSignal: () => {},
  };
  const code = await main(argv, io);
  return { code, ...out };
}

const scenario = `name: helpdesk-freeze
fixtures: ../fixtures
servers:
  - qualifiedName: '@qa/helpdesk'
    tools:
      - name: create_ticket
        inputSchema:
          type: object
          properties: { subject: { type: string }, priority: { type: string, enum: [low, high] } }
          required: [subject]
      - name: get_ticket
        inputSchema: { type: object, properties: { ticket_id: { type: string } }, required: [ticket_id] }
world:
  entities:
    ticket:
      t_7: { id: t_7, subject: Printer on fire, priority: high }
namespaces:
  - name: desk
    connections:
      - id: main
        server: '@qa/helpdesk'
        mock: true
steps:
  - name: Read a seeded ticket
    call: desk/main.get_ticket
    arguments: { ticket_id: t_7 }
    expect: { isError: false, contains: Printer on fire }
  - name: Open a ticket
    call: desk/main.create_ticket
    arguments: { subject: Login broken, priority: low }
    expect: { isError: false, contains: Login broken }
`;

function scratchScenario(): { file: string; fixtures: string } {
  const dir = mkdtempSync(join(tmpdir(), 'mcpsim-record-simulated-'));
  mkdirSync(join(dir, 'scenarios'));
  const file = join(dir, 'scenarios', 'helpdesk.yaml');
  writeFileSync(file, scenario);
  return { file, fixtures: join(dir, 'fixtures', 'qa__helpdesk') };
}

describe('mcpsim record --source simulated', () => {
  it('writes what the simulator answers as fixtures, with no model, and mcpsim test replays them', async () => {
    const { file, fixtures } = scratchScenario();
    const missed = await run(['test', file]);
    expect(missed.code).toBe(1);
    expect(missed.stdout + missed.stderr).toContain(`mcpsim record --source simulated ${file}`);

    const recorded = await run(['record', '--source', 'simulated', file]);
    expect(recorded.code, recorded.stdout + recorded.stderr).toBe(0);
    expect(recorded.stderr).toContain('with the simulator (no model)');
    expect(recorded.stdout).toContain('2 calls: 2 added, 0 kept, 0 replaced, 0 unchanged, written to ');
    const created = JSON.parse(readFileSync(join(fixtures, 'create_ticket.json'), 'utf8'));
    expect(created.calls).toHaveLength(1);
    expect(created.calls[0]).toMatchObject({ model: 'mcpsim-simulator', arguments: { subject: 'Login broken', priority: 'low' } });
    expect(created.calls[0].result._meta).toBeUndefined();
    expect(created.calls[0].worldChanges.upserts[0]).toMatchObject({ type: 'ticket' });
    const read = JSON.parse(readFileSync(join(fixtures, 'get_ticket.json'), 'utf8'));
    expect(read.calls[0].result.content[0].text).toContain('Printer on fire');

    const replayed = await run(['test', file]);
    expect(replayed.code, replayed.stdout + replayed.stderr).toBe(0);
    expect(replayed.stderr).toContain('0 misses');

    const again = await run(['record', '--source', 'simulated', file]);
    expect(again.stdout).toContain('2 calls: 0 added, 2 kept, 0 replaced, 0 unchanged\n');
    expect(again.stdout).toContain('to ask the simulator again: mcpsim record --source simulated --overwrite <tool>');
  });

  it('refuses a source it does not know, and says how to record without a model', async () => {
    const { file } = scratchScenario();
    const unknown = await run(['record', '--source', 'oracle', file]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--source: "oracle" is not one of model, simulated');
    const noModel = await run(['record', file]);
    expect(noModel.code).toBe(2);
    expect(noModel.stderr).toContain('mcpsim record --source simulated');
  });
});
