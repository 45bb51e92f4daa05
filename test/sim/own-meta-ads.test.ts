/**
 * Meta's ads as a user brings them: the real 39 tools of `meta-ads-mcp` 1.1.0 (none with a
 * description; servers/meta-ads-mcp-tools.json, listed over stdio against a stub on 127.0.0.1), on
 * a mock described in words, driven with no model over the real platform (a real SQLite file,
 * `app.fetch` in process).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { describedMock, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-own-meta-ads-', (started) => (harness = started));

const tools = JSON.parse(readFileSync(new URL('./servers/meta-ads-mcp-tools.json', import.meta.url), 'utf8')) as unknown[];
const account = { server: '@qa/meta-ads', displayName: 'Meta Ads', tools, namespace: 'harbor', connection: 'ads' };

describe("a coffee roaster's Meta ad account described in words, through its real tools", () => {
  it('keeps a deleted campaign, and its ad sets, in the DELETED state its status takes, out of the lists that do not ask for it', async () => {
    const scenario =
      'Harbor & Pine Coffee. Campaigns: Spring Blend Launch (ACTIVE), Holiday Gift Boxes (PAUSED). ' +
      'Holiday Gift Boxes has one ad set, Gift Buyers US (PAUSED).';
    const call = await describedMock(harness, { ...account, scenario });
    const { ad_sets: adSets } = await call('list_ad_sets', {});
    const giftBuyers = adSets.find((adSet: { name?: string }) => adSet.name === 'Gift Buyers US');
    const campaignId = giftBuyers.campaign_id as string;
    expect((await call('get_campaign', { campaign_id: campaignId })).name).toBe('Holiday Gift Boxes');

    expect((await call('delete_campaign', { campaign_id: campaignId })).text).toContain(campaignId);
    const deleted = await call('get_campaign', { campaign_id: campaignId });
    expect(deleted).toMatchObject({ name: 'Holiday Gift Boxes', status: 'DELETED' });
    expect(JSON.stringify(await call('list_ad_sets', {}))).not.toContain('Gift Buyers US');
    const shown = await call('list_ad_sets', { status: 'DELETED' });
    expect(shown.ad_sets).toEqual([expect.objectContaining({ name: 'Gift Buyers US', status: 'DELETED' })]);
  });
});
