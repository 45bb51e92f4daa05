/** A key removed from the store while the server runs is refused at once, though the server had verified it before. */
import { afterEach, describe, expect, it } from 'vitest';
import { toStoredKey } from '../../src/domain/api-key.js';
import { addAccount } from '../support/accounts.js';
import { doors, startHarness, type Harness } from '../support/harness.js';

describe.each(doors)('a removed API key (%s)', (door) => {
  let harness: Harness;
  afterEach(() => harness.close());

  it('answers 401 on the next request after the key is removed, and other keys go on working', async () => {
    harness = await startHarness(door);
    addAccount(harness.platform, 'second', 'second-account-key');
    expect((await harness.call('GET', '/namespaces', { key: 'second-account-key' })).status).toBe(200);
    harness.platform.stores.accounts.removeKey(toStoredKey('second-account-key').hash);
    const refused = await harness.call('GET', '/namespaces', { key: 'second-account-key' });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ error: 'unauthorized', message: 'Invalid API key' });
    expect((await harness.call('GET', '/namespaces')).status).toBe(200);
  });
});
