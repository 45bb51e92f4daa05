/**
 * The past participles an English verb may take, the regular ones first (`refund` → `refunded`,
 * `ship` → `shipped`, `carry` → `carried`), then the irregular ones services use for states
 * (`send` → `sent`, `pay` → `paid`, `sell` → `sold`), then the verb itself, for the verbs that are
 * also the state's adjective (`void` an invoice, and it is `void`). Which one a service means is
 * for its own states to say: these are only the candidates.
 */

/** Irregular past participles of verbs that move records between states. */
const irregular: Readonly<Record<string, string>> = {
  send: 'sent',
  resend: 'sent',
  pay: 'paid',
  prepay: 'prepaid',
  repay: 'repaid',
  sell: 'sold',
  hold: 'held',
  win: 'won',
  lose: 'lost',
  hide: 'hidden',
  show: 'shown',
  freeze: 'frozen',
  unfreeze: 'unfrozen',
  write: 'written',
  rewrite: 'rewritten',
  choose: 'chosen',
  take: 'taken',
  give: 'given',
  forgive: 'forgiven',
  begin: 'begun',
  do: 'done',
  undo: 'undone',
  run: 'run',
  set: 'set',
  split: 'split',
  shut: 'shut',
  bind: 'bound',
  build: 'built',
  spend: 'spent',
  lend: 'lent',
  lead: 'led',
  bring: 'brought',
  buy: 'bought',
  seek: 'sought',
  draw: 'drawn',
  withdraw: 'withdrawn',
  overdraw: 'overdrawn',
  drive: 'driven',
  ride: 'ridden',
  read: 'read',
  forget: 'forgotten',
};

/**
 * The candidate past participles of `verb`, most likely first.
 *
 * @example
 *   pastParticiples('send'); // ['sent', 'sended', 'send']
 *   pastParticiples('refund'); // ['refunded', 'refundd', 'refundded', 'refund']
 */
export function pastParticiples(verb: string): string[] {
  const known = irregular[verb];
  const regular = [`${verb}ed`, `${verb}d`, `${verb}${verb.at(-1)}ed`];
  if (verb.endsWith('y')) regular.push(`${verb.slice(0, -1)}ied`);
  return [...(known === undefined ? [] : [known]), ...regular, verb];
}
