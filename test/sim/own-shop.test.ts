/**
 * A user's own shop server, driven as the user would with no model: the real 64 tools of
 * `@yawlabs/lemonsqueezy-mcp` 1.0.0 (servers/lemonsqueezy-tools.json, not in the corpus) on a mock
 * described in words, over the real platform (a real SQLite file, `app.fetch` in process).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { toolAnswers, useSimulatorHarness } from '../support/simulator-harness.js';
import { connectMockClient } from '../support/mock-client.js';
import type { ToolDefinition } from '../../src/domain/registry.js';

let harness: Harness;
useSimulatorHarness('mcpsim-own-shop-', (started) => (harness = started));

const tools = JSON.parse(readFileSync(new URL('./servers/lemonsqueezy-tools.json', import.meta.url), 'utf8')) as unknown[];
const description =
  'One store, Pixel Tools (id 41), selling a Pro plan subscription. Two customers: Ada Lovelace (ada@example.com) and Grace Hopper ' +
  '(grace@example.com). Ada has one paid order for the Pro plan and an active subscription.';

/** A new mock of the shop described in words, and a caller of its tools over REST. */
async function shop(connection: string) {
  await harness.call('PUT', '/servers/@qa/lemonsqueezy', { body: { displayName: 'Lemon Squeezy', tools } });
  await harness.call('PUT', '/namespaces/shop');
  const mock = { enabled: true, scenario: description };
  expect((await harness.call('PUT', `/connect/shop/${connection}`, { body: { server: '@qa/lemonsqueezy', mock } })).status).toBe(201);
  return toolAnswers(harness, `shop/${connection}`);
}

/** A new mock of the shop on an empty world. */
async function emptyShop(connection: string) {
  const call = await shop(connection);
  expect(
    (await harness.call('PUT', `/__mcpsim/connections/shop/${connection}/simulation`, { body: { world: { entities: {}, facts: [] } } }))
      .status,
  ).toBe(200);
  return call;
}

describe('a Lemon Squeezy shop described in words', () => {
  it('seeds the store by the id its sentence gives, and its customers with their emails, in that store', async () => {
    const call = await shop('seeded');
    expect(await call('ls_get_store', { storeId: '41' })).toMatchObject({ id: '41', name: 'Pixel Tools' });
    expect((await call('ls_list_stores', {})).stores).toEqual([expect.objectContaining({ id: '41', name: 'Pixel Tools' })]);
    const { customers } = await call('ls_list_customers', { storeId: '41' });
    expect(customers.map((customer: { name: string }) => customer.name)).toEqual(['Ada Lovelace', 'Grace Hopper']);
    const [ada] = (await call('ls_list_customers', { email: 'ada@example.com' })).customers;
    expect(await call('ls_get_customer', { customerId: ada.id })).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      storeId: '41',
    });
  });

  it('seeds what a named customer has: her paid order and active subscription, for the product the store sells', async () => {
    const call = await shop('holdings');
    const [ada] = (await call('ls_list_customers', { email: 'ada@example.com' })).customers;
    const [product] = (await call('ls_list_products', { storeId: '41' })).products;
    expect(product).toMatchObject({ name: 'Pro plan' });
    const { orders } = await call('ls_list_orders', { userEmail: 'ada@example.com' });
    expect(orders).toHaveLength(1);
    expect(await call('ls_get_order', { orderId: orders[0].id })).toMatchObject({
      status: 'paid',
      customerId: ada.id,
      productId: product.id,
      storeId: '41',
    });
    const { subscriptions } = await call('ls_list_subscriptions', { status: 'active', userEmail: 'ada@example.com' });
    expect(subscriptions).toHaveLength(1);
    expect(await call('ls_get_subscription', { subscriptionId: subscriptions[0].id })).toMatchObject({
      status: 'active',
      customerId: ada.id,
      productId: product.id,
      orderId: orders[0].id,
    });
    expect((await call('ls_list_orders', { userEmail: 'grace@example.com' })).orders).toEqual([]);
  });

  it('archives a customer by the status its description names, and hides nothing it does not say', async () => {
    const call = await shop('archive');
    const { customers } = await call('ls_list_customers', {});
    const grace = customers.find((customer: { name: string }) => customer.name === 'Grace Hopper');
    const archived = await call('ls_archive_customer', { customerId: grace.id });
    expect(archived).toMatchObject({ id: grace.id, status: 'archived' });
    expect(archived).not.toHaveProperty('archived');
    expect(await call('ls_get_customer', { customerId: grace.id })).toMatchObject({ status: 'archived' });
  });
});

describe('orders and invoices of a Lemon Squeezy shop, the service’s own records', () => {
  it('answers the not-found for an order id the world lacks, before any list', async () => {
    const call = await emptyShop('unknown-order');
    expect(await call('ls_get_order', { orderId: '999' })).toEqual({ error: 'Order 999 not found' });
    expect(await call('ls_refund_order', { orderId: '999', amount: 1000 })).toEqual({ error: 'Order 999 not found' });
  });

  it('refunds an order: the order answered in its refunded state, with when and how much', async () => {
    const call = await emptyShop('refund');
    const [order] = (await call('ls_list_orders', {})).orders;
    const refunded = await call('ls_refund_order', { orderId: order.id, amount: 1000 });
    expect(refunded).toMatchObject({ id: order.id, status: 'refunded', refundedAmount: 1000, refundedAt: expect.any(String) });
    expect(await call('ls_get_order', { orderId: order.id })).toMatchObject({ status: 'refunded', refundedAt: refunded.refundedAt });
    const [invoice] = (await call('ls_list_subscription_invoices', {})).subscription_invoices;
    expect(await call('ls_refund_subscription_invoice', { subscriptionInvoiceId: invoice.id, amount: 500 })).toMatchObject({
      status: 'refunded',
      refunded: true,
    });
    expect(
      (await call('ls_list_subscription_invoices', { refunded: true })).subscription_invoices.map((item: { id: string }) => item.id),
    ).toEqual([invoice.id]);
  });
});

describe('a user walking the described shop', () => {
  it('finds the variants a first list makes up in the product it asked for, and the license keys in the one store', async () => {
    const call = await shop('walk-variants');
    const [product] = (await call('ls_list_products', {})).products;
    const { variants } = await call('ls_list_variants', { productId: product.id });
    expect(variants.length).toBeGreaterThan(0);
    for (const variant of variants)
      expect(await call('ls_get_variant', { variantId: variant.id })).toMatchObject({ productId: product.id });
    const { license_keys: keys } = await call('ls_list_license_keys', {});
    for (const key of keys) expect(key).toMatchObject({ storeId: '41' });
    // A discount the user just made has no part in what the service made before it.
    await call('ls_create_discount', { storeId: '41', name: 'Launch', code: 'SAVE20', amount: 20, amountType: 'percent' });
    for (const redemption of (await call('ls_list_discount_redemptions', {})).discount_redemptions)
      expect(redemption).not.toHaveProperty('discountId');
  });

  it('shows a new webhook its signing secret once, as its description says, and never again', async () => {
    const call = await shop('walk-webhook');
    const args = { storeId: '41', url: 'https://example.com/hooks', events: ['order_created'], secret: 'whsec-pixel-41' };
    const created = await call('ls_create_webhook', args);
    expect(created).toMatchObject({ ...args, id: expect.any(String) });
    expect(await call('ls_get_webhook', { webhookId: created.id })).not.toHaveProperty('secret');
    expect(await call('ls_update_webhook', { webhookId: created.id, secret: 'whsec-rotated' })).not.toHaveProperty('secret');
  });

  it('answers a new checkout with the URL its description says it returns, and lists it by store and variant', async () => {
    const call = await shop('walk-checkout');
    const [product] = (await call('ls_list_products', {})).products;
    const [variant] = (await call('ls_list_variants', { productId: product.id })).variants;
    const checkout = await call('ls_create_checkout', { storeId: '41', variantId: variant.id, email: 'ada@example.com' });
    expect(checkout.url).toMatch(/^https:\/\/[\w.-]+\/checkouts\//);
    expect(checkout.url).toContain(checkout.id);
    expect(await call('ls_get_checkout', { checkoutId: checkout.id })).toMatchObject({ url: checkout.url, variantId: variant.id });
    expect((await call('ls_list_checkouts', { variantId: variant.id })).checkouts.map((item: { id: string }) => item.id)).toEqual([
      checkout.id,
    ]);
    const hook = await call('ls_create_webhook', {
      storeId: '41',
      url: 'https://example.com/in',
      events: ['order_created'],
      secret: 'abcdef',
    });
    expect(hook.url).toBe('https://example.com/in');
  });

  it('validates a license key it holds, and says an unknown or deactivated one is not valid', async () => {
    const call = await shop('walk-license');
    const [key] = (await call('ls_list_license_keys', { storeId: '41' })).license_keys;
    expect(await call('ls_validate_license', { licenseKey: key.id })).toMatchObject({ valid: true, licenseKey: { id: key.id } });
    expect(await call('ls_validate_license', { licenseKey: '999999' })).toMatchObject({
      valid: false,
      error: expect.stringContaining('not found'),
    });
    await call('ls_deactivate_license', { licenseKey: key.id, instanceId: 'laptop-1' });
    expect(await call('ls_validate_license', { licenseKey: key.id })).toMatchObject({ valid: false });
  });

  it('answers an invoice generated for an order with the download link its description promises', async () => {
    const call = await shop('walk-invoice');
    const [order] = (await call('ls_list_orders', {})).orders;
    const invoice = await call('ls_generate_order_invoice', { orderId: order.id, locale: 'en' });
    expect(invoice).toMatchObject({ orderId: order.id, locale: 'en', url: expect.stringMatching(/^https:\/\//) });
    expect(invoice.url).toContain(order.id);
  });

  it('pauses a subscription by the pause its update takes, and resumes it', async () => {
    const call = await shop('walk-pause');
    const [subscription] = (await call('ls_list_subscriptions', { status: 'active' })).subscriptions;
    expect(await call('ls_update_subscription', { subscriptionId: subscription.id, pause: 'void' })).toMatchObject({
      status: 'paused',
      pause: 'void',
    });
    expect((await call('ls_list_subscriptions', { status: 'paused' })).subscriptions).toHaveLength(1);
    expect(await call('ls_update_subscription', { subscriptionId: subscription.id, pause: 'resume' })).toMatchObject({ status: 'active' });
    expect(await call('ls_update_subscription', { subscriptionId: subscription.id, billingAnchor: 12 })).toMatchObject({
      status: 'active',
    });
  });
});

describe('the shop over MCP', () => {
  it('refunds a listed order and validates a license key through the SDK client, as an agent would', async () => {
    const { call, close } = await connectMockClient(harness, { name: 'lemonsqueezy-mcp', tools: tools as ToolDefinition[] });
    try {
      const [order] = (await call('ls_list_orders', {})).json.orders;
      const refunded = await call('ls_refund_order', { orderId: order.id, amount: 500 });
      expect(refunded.isError, refunded.text).toBe(false);
      expect(refunded.json).toMatchObject({ id: order.id, status: 'refunded', refundedAmount: 500 });
      expect((await call('ls_get_order', { orderId: '987654' })).isError).toBe(true);
      const [key] = (await call('ls_list_license_keys', {})).json.license_keys;
      expect((await call('ls_validate_license', { licenseKey: key.id })).json).toMatchObject({ valid: true });
    } finally {
      await close();
    }
  });
});
