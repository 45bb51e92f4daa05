import { describe, expect, it } from 'vitest';
import { toDescribedCaller } from './described-caller.js';

describe('toDescribedCaller', () => {
  it('finds whose account, workspace or session a description says the mock is', () => {
    expect(toDescribedCaller(['The Todoist account of Maya Chen.'])).toBe('Maya Chen');
    expect(toDescribedCaller(["Maya Chen's Todoist account has three projects."])).toBe('Maya Chen');
    expect(toDescribedCaller(['Nadia Rahman runs the marketing workspace.'])).toBe('Nadia Rahman');
    expect(toDescribedCaller(['Nadia Rahman, the team lead, manages two lists.'])).toBe('Nadia Rahman');
    expect(toDescribedCaller(['A shop.', 'You are signed in as Grace Hopper.'])).toBe('Grace Hopper');
    expect(toDescribedCaller(['Kenji Sato is signed in to the Backlog space "acme".'])).toBe('Kenji Sato');
    expect(toDescribedCaller(['The current user is Kenji Sato.'])).toBe('Kenji Sato');
  });

  it('takes no team, lowercase word or one-word name for a person', () => {
    expect(toDescribedCaller(['The Marketing team runs two lists.'])).toBeNull();
    expect(toDescribedCaller(['The account of acme has two users.'])).toBeNull();
    expect(toDescribedCaller(['Support runs the inbox.'])).toBeNull();
    expect(toDescribedCaller(['The Sync Service is signed in to Slack.'])).toBeNull();
    expect(toDescribedCaller(['The Marketing Team runs two lists.'])).toBeNull();
    expect(toDescribedCaller(['The acme/widgets repository has 3 open issues.'])).toBeNull();
  });
});
