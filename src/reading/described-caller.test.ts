import { describe, expect, it } from 'vitest';
import { toCallerDetails, toDescribedCaller } from './described-caller.js';

describe('toDescribedCaller', () => {
  it('finds whose account, workspace or session a description says the mock is', () => {
    expect(toDescribedCaller(['The Todoist account of Maya Chen.'])).toBe('Maya Chen');
    expect(toDescribedCaller(["Maya Chen's Todoist account has three projects."])).toBe('Maya Chen');
    expect(toDescribedCaller(['Nadia Rahman runs the marketing workspace.'])).toBe('Nadia Rahman');
    expect(toDescribedCaller(['Nadia Rahman, the team lead, manages two lists.'])).toBe('Nadia Rahman');
    expect(toDescribedCaller(['A shop.', 'You are signed in as Grace Hopper.'])).toBe('Grace Hopper');
    expect(toDescribedCaller(['Kenji Sato is signed in to the Backlog space "acme".'])).toBe('Kenji Sato');
    expect(toDescribedCaller(['The current user is Kenji Sato.'])).toBe('Kenji Sato');
    expect(toDescribedCaller(['Marta Kowalska (login marta) is signed in to YouTrack.'])).toBe('Marta Kowalska');
    expect(toDescribedCaller(['The on-call world of Acme.', 'I am Priya Shah (priya@acme.dev), an engineer on Platform.'])).toBe(
      'Priya Shah',
    );
    expect(toDescribedCaller(["I'm Leo Brandt and I run the payments team."])).toBe('Leo Brandt');
    // The writer speaking as someone is plainer than a workspace named for a company, whichever comes first.
    expect(toDescribedCaller(['The Linear workspace of Northwind Labs.', 'I am Mara Lindqvist (mara@northwind.dev).'])).toBe(
      'Mara Lindqvist',
    );
    expect(toDescribedCaller(['Maple & Pine, a design studio run by Nora Quinn (nora@mapleandpine.ca), bills in USD.'])).toBe('Nora Quinn');
    expect(toDescribedCaller(['The automation team of Brightline Bikes, run by Sam Ortiz.'])).toBe('Sam Ortiz');
    expect(toCallerDetails(['A studio run by Nora Quinn (nora@mapleandpine.ca).'], 'Nora Quinn')).toEqual({
      email: 'nora@mapleandpine.ca',
    });
    expect(toCallerDetails(['I am Priya Shah (priya@acme.dev), an engineer.'], 'Priya Shah')).toEqual({ email: 'priya@acme.dev' });
  });

  it('takes the login and email written in brackets after the caller, and nothing from other brackets', () => {
    const sentences = ['Marta Kowalska (login marta, marta@northwind.example) is signed in.', 'Oleg Petrov (login oleg) fixes bugs.'];
    expect(toCallerDetails(sentences, 'Marta Kowalska')).toEqual({ login: 'marta', email: 'marta@northwind.example' });
    expect(toCallerDetails(['Kenji Sato (username: @kenji) runs the space.'], 'Kenji Sato')).toEqual({ login: 'kenji' });
    expect(toCallerDetails(['Kenji Sato (the admin) runs the space.'], 'Kenji Sato')).toEqual({});
    expect(toCallerDetails(['Kenji Sato is signed in.'], 'Kenji Sato')).toEqual({});
  });

  it('takes no team, lowercase word or one-word name for a person', () => {
    expect(toDescribedCaller(['The Marketing team runs two lists.'])).toBeNull();
    expect(toDescribedCaller(['The account of acme has two users.'])).toBeNull();
    expect(toDescribedCaller(['Support runs the inbox.'])).toBeNull();
    expect(toDescribedCaller(['The Sync Service is signed in to Slack.'])).toBeNull();
    expect(toDescribedCaller(['The Marketing Team runs two lists.'])).toBeNull();
    expect(toDescribedCaller(['The acme/widgets repository has 3 open issues.'])).toBeNull();
    expect(toDescribedCaller(['I am on call this week for Checkout API.'])).toBeNull();
    expect(toDescribedCaller(['The nightly job is run by the Sync Service.'])).toBeNull();
  });
});
