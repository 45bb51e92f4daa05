/**
 * The hop marker of relayed requests (docs/security.md, "Relays"). Every HTTP request mcpsim sends
 * to a connection's upstream carries it, and mcpsim refuses every request that carries it, so a
 * connection whose upstream leads back to this server (by a name whose DNS points here, a proxy, a
 * redirect: anything the write-time check could not see) costs one refused request instead of
 * relaying to itself without end. One hop is all a relay needs: mcpsim never relays to itself.
 */
export const relayHopHeader = 'mcpsim-hop';

/** The marker's value: only its presence counts; the value says who sent it, for someone reading a log upstream. */
export const relayHopValue = '1';
