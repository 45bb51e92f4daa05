/**
 * Parents a server's tools name only by their bare word (`zowe_list_members(dataset)`,
 * `create-note(vault)`), described in words, through the real tools of two corpus servers
 * (bench/corpus/servers/), on the real platform in process, with no model: the described parents
 * are the ones listed, keyed by the names a call passes (src/reading/name-keyed-type.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { describedMock, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-name-keyed-', (started) => (harness = started));

const toolsOf = (server: string) =>
  (JSON.parse(readFileSync(new URL(`../../bench/corpus/servers/${server}.json`, import.meta.url), 'utf8')) as { tools: unknown[] }).tools;

describe('parents named by their bare word, described in words', () => {
  it('lists the members of a z/OS dataset by the dataset name the description gives', async () => {
    const scenario =
      'A z/OS system of Northwind Bank. Dataset PROD.COBOL.SRC has members PAYROLL1 and TAXCALC2. Dataset USER01.JCL has member BUILD1.';
    const call = await describedMock(harness, {
      server: '@qa/zowe',
      displayName: 'Zowe',
      tools: toolsOf('gestell__zowe-mcp'),
      namespace: 'mainframe',
      connection: 'zowe',
      scenario,
    });
    const members = async (dataset: string) =>
      ((await call('zowe_list_members', { dataset })) as { members: { name: string }[] }).members.map((member) => member.name);
    expect(await members('PROD.COBOL.SRC')).toEqual(['PAYROLL1', 'TAXCALC2']);
    expect(await members('USER01.JCL')).toEqual(['BUILD1']);
  });

  it('lists the Obsidian vaults the description names, plain words too, and makes none up', async () => {
    const scenario =
      'Ada keeps two Obsidian vaults. Vault work has notes standup-0504.md and roadmap-q3.md. Vault personal has note recipes-2026.md.';
    const call = await describedMock(harness, {
      server: '@qa/obsidian',
      displayName: 'Obsidian',
      tools: toolsOf('obsidian-mcp'),
      namespace: 'notes',
      connection: 'obsidian',
      scenario,
    });
    const { vaults } = (await call('list-available-vaults', {})) as { vaults: { name: string }[] };
    expect(vaults.map((vault) => vault.name).sort()).toEqual(['personal', 'work']);
  });
});
