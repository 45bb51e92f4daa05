import { describe, expect, it } from 'vitest';
import { choiceGloss, glossedChoice } from './choice-gloss.js';

describe('glossedChoice', () => {
  const values = ['list', 'get', 'associate', 'bootstrap'];
  const description =
    'Workspace management. Actions: list, get, associate (link folder to workspace), bootstrap (create workspace and initialize).';

  it('reads a value that is no verb from the verb its parenthesised gloss opens with', () => {
    expect(choiceGloss(description, 'bootstrap', values)).toBe('create workspace and initialize');
    expect(glossedChoice(description, 'bootstrap', values)).toMatchObject({ verb: 'create', entityWords: ['workspace'] });
  });

  it('reads glosses written after = or a colon', () => {
    expect(
      glossedChoice('action: rules=list detection rules, signals=search security signals', 'rules', ['rules', 'signals']),
    ).toMatchObject({ meaning: { operation: 'list' } });
  });

  it('leaves a gloss that names what comes back, not what is done, unread', () => {
    expect(glossedChoice('Actions: ticker (real-time prices), config (coin profiles)', 'ticker', ['ticker', 'config'])).toBeNull();
    expect(glossedChoice('status=查询状态，logout=退出登录', 'status', ['status', 'logout'])).toBeNull();
  });
});
