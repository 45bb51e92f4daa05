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

  it('seeds the dates, budgets and numbered names a description gives, as the tools keep them', async () => {
    const scenario =
      'Harbor & Pine Coffee. Campaigns: Spring Blend Launch (ACTIVE, from 1 March 2026 to 30 April 2026, daily budget 5000 cents), ' +
      'Cafe Openings Awareness (ACTIVE, started 10 January 2026). ' +
      'Cafe Openings Awareness has one ad set, Pearl District 5km Radius (ACTIVE).';
    const call = await describedMock(harness, { ...account, scenario });
    const { ad_sets: adSets } = await call('list_ad_sets', {});
    expect(adSets).toEqual([expect.objectContaining({ name: 'Pearl District 5km Radius', status: 'ACTIVE' })]);
    const awareness = await call('get_campaign', { campaign_id: adSets[0].campaign_id });
    expect(awareness).toMatchObject({ name: 'Cafe Openings Awareness', start_time: '2026-01-10T00:00:00Z' });
    expect(awareness.stop_time).toBeUndefined();
    const { campaigns } = await call('list_campaigns', { account_id: String(awareness.account_id ?? 'act_1') });
    const spring = campaigns.find((campaign: { name: string }) => campaign.name === 'Spring Blend Launch');
    // `daily_budget`: "Daily budget in account currency cents", a number.
    expect(spring).toMatchObject({ start_time: '2026-03-01T00:00:00Z', stop_time: '2026-04-30T23:59:59Z', daily_budget: 5000 });
  });

  it("does not take the service's own name before a type's word for the name of the thing", async () => {
    const scenario = 'The Meta ad account of Harbor & Pine Coffee. Campaigns: Spring Blend Launch (ACTIVE).';
    const call = await describedMock(harness, { ...account, scenario });
    expect(JSON.stringify(await call('get_ad_accounts', {}))).not.toContain('"Meta"');
  });

  it('reads the children a sentence under a heading gives its parent, by their names', async () => {
    const scenario =
      'Campaigns: Spring Blend Launch (ACTIVE), Holiday Gift Boxes (PAUSED). ' +
      'Ad sets: Spring Blend Launch has two ad sets, Portland 25-45 Coffee Lovers (ACTIVE) and Seattle Lookalike 1% (PAUSED).';
    const call = await describedMock(harness, { ...account, scenario });
    const { ad_sets: adSets } = await call('list_ad_sets', {});
    expect(adSets.map((adSet: { name: string }) => adSet.name).sort()).toEqual(['Portland 25-45 Coffee Lovers', 'Seattle Lookalike 1%']);
    const parents = new Set(adSets.map((adSet: { campaign_id: string }) => adSet.campaign_id));
    expect(parents.size).toBe(1);
    expect((await call('get_campaign', { campaign_id: [...parents][0] })).name).toBe('Spring Blend Launch');
    expect(adSets.find((adSet: { name: string }) => adSet.name === 'Seattle Lookalike 1%').status).toBe('PAUSED');
  });
});
