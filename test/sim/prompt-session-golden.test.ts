/**
 * The prompts of a whole recorded-like session are byte-identical to the committed ones: the
 * prompt's indexes (history index, world type views, cached renderings) are speed only, and must
 * never change what the model reads. The session (test/support/prompt-session.ts) is seeded and logs
 * the way the memory cache does. The golden file was written by the prompt code before the indexes.
 *
 * A deliberate change to the prompt text updates the golden file with `npx vitest run -u` and says
 * why in its commit.
 */
import { describe, expect, it } from 'vitest';
import { applyWorldChanges } from '../../src/domain/world-state.js';
import { buildPrompt } from '../../src/sim/model/prompt.js';
import { promptHashes } from '../support/prompt-session.js';

describe('the prompts of a recorded session', () => {
  it('are byte-identical to the committed ones, call by call', async () => {
    const hashes = promptHashes(400, { buildPrompt, applyWorldChanges });
    expect(new Set(hashes.split('\n')).size).toBeGreaterThan(390);
    await expect(hashes).toMatchFileSnapshot('./golden/prompt-session-hashes.json');
  });
});
