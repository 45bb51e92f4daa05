import { describe, expect, it } from 'vitest';
import { toSentences } from './described-sentences.js';

describe('the sentences of a description wrapped over lines', () => {
  it('joins a line that goes on from the one before and parts those that start anew', () => {
    const text = [
      'Its tasks: "Draft wireframes" (section Design, due 2026-03-05,',
      'priority P1), "Pick a palette" (section Design) and "Set up staging',
      'server". Website Redesign has two',
      'sections, Design and Development.',
      'Projects: Website Redesign, Personal',
      'Labels: design, dev',
      '',
      'The account is Maya Chen’s.',
    ].join('\n');
    expect(toSentences(text)).toEqual([
      'Its tasks: "Draft wireframes" (section Design, due 2026-03-05, priority P1), "Pick a palette" (section Design) and "Set up staging server".',
      'Website Redesign has two sections, Design and Development.',
      'Projects: Website Redesign, Personal',
      'Labels: design, dev',
      'The account is Maya Chen’s.',
    ]);
  });

  it('joins a line that ends on a word joining it to the next, as a capitalised name after `and`', () => {
    expect(toSentences('The Campaigns folder has two lists: Spring Launch and\nNewsletter. Spring Launch has one task.')).toEqual([
      'The Campaigns folder has two lists: Spring Launch and Newsletter.',
      'Spring Launch has one task.',
    ]);
  });

  it('keeps the items of a labelled list its semicolons part in one sentence, and a clause after one a sentence of its own', () => {
    expect(
      toSentences('Incidents: #1042 "Checkout 500s" on Checkout API, triggered; #1041 "Backlog" on Worker; and "Cert" resolved. Teams: A.'),
    ).toEqual([
      'Incidents: #1042 "Checkout 500s" on Checkout API, triggered; #1041 "Backlog" on Worker; and "Cert" resolved.',
      'Teams: A.',
    ]);
    expect(toSentences('Posts: topic 101 has post 1001; topic 102 has post 1003.')).toEqual([
      'Posts: topic 101 has post 1001;',
      'topic 102 has post 1003.',
    ]);
  });

  it('ends no sentence at a semicolon or full stop inside brackets', () => {
    expect(toSentences('Teams: Engineering (key ENG; Mara, Jonas) and Design (key DES; Sofia). Labels: Bug (e.g. crashes).')).toEqual([
      'Teams: Engineering (key ENG; Mara, Jonas) and Design (key DES; Sofia).',
      'Labels: Bug (e.g. crashes).',
    ]);
  });

  it('keeps a labelled list of names with their parentheses, parted by semicolons, as one sentence', () => {
    expect(toSentences('Contacts: Ellen Park (ellen@acme.com, vip); Marco Ruiz (Beta Co); and Sara Lin (sara@c.com). Tasks: one.')).toEqual(
      ['Contacts: Ellen Park (ellen@acme.com, vip); Marco Ruiz (Beta Co); and Sara Lin (sara@c.com).', 'Tasks: one.'],
    );
  });
});
