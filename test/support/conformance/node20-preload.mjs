/**
 * `node --import` preload for running `@modelcontextprotocol/conformance` 0.1.16 on Node 20
 * (README, "Tests"). The suite imports `globSync` from `fs`, which Node 20 lacks (it only uses it
 * to collect its result files): a resolve hook hands the suite's `fs` imports a module that is
 * `node:fs` plus `globSync` from tinyglobby. With `MCPSIM_CONFORMANCE_ORIGIN` and
 * `MCPSIM_CONFORMANCE_AUTHORIZATION` set, every request the suite sends to that origin (through
 * fetch or undici) also carries that `Authorization` header, since a connection's endpoint needs
 * a credential and the suite sends none; nothing else about its requests changes.
 */
import { register } from 'node:module';
import { Agent, setGlobalDispatcher } from 'undici';

register('./node20-hooks.mjs', import.meta.url);

const origin = process.env.MCPSIM_CONFORMANCE_ORIGIN;
const authorization = process.env.MCPSIM_CONFORMANCE_AUTHORIZATION;
if (origin && authorization) {
  const withAuthorization = (headers) => {
    if (Array.isArray(headers)) return [...headers, 'authorization', authorization];
    return { ...(headers ?? {}), authorization };
  };
  class AuthorizingAgent extends Agent {
    dispatch(options, handler) {
      const target = new URL(options.path, options.origin).origin;
      return super.dispatch(target === origin ? { ...options, headers: withAuthorization(options.headers) } : options, handler);
    }
  }
  setGlobalDispatcher(new AuthorizingAgent());
}
