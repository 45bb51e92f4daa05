/**
 * Preloaded into child processes of the tests (NODE_OPTIONS=--require): every TCP or TLS
 * connection and every DNS lookup to anything but loopback throws, and is written to
 * MCPSIM_GUARD_LOG when set, so a test fails when a request would leave 127.0.0.1.
 * test/official-cli.test.ts checks that the guard works.
 */
'use strict';
const net = require('node:net');
const dns = require('node:dns');
const fs = require('node:fs');

const loopback = (host) => {
  const bare = String(host ?? 'localhost')
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return bare === 'localhost' || bare === '::1' || /^(::ffff:)?127(\.\d{1,3}){3}$/.test(bare);
};

function refuse(what) {
  const message = `mcpsim test guard: ${what} would leave 127.0.0.1`;
  if (process.env.MCPSIM_GUARD_LOG) fs.appendFileSync(process.env.MCPSIM_GUARD_LOG, `${message}\n`);
  const error = new Error(message);
  error.code = 'EMCPSIMGUARD';
  throw error;
}

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function guardedConnect(...args) {
  const first = args[0];
  const options = Array.isArray(first) ? first[0] : first;
  if (options && typeof options === 'object') {
    if (options.path === undefined && !loopback(options.host)) refuse(`a connection to ${options.host}:${options.port}`);
  } else if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    if (typeof args[1] === 'string' && !loopback(args[1])) refuse(`a connection to ${args[1]}:${first}`);
  }
  return connect.apply(this, args);
};

const lookup = dns.lookup;
dns.lookup = function guardedLookup(hostname, ...rest) {
  if (!loopback(hostname)) refuse(`a DNS lookup of ${hostname}`);
  return lookup.call(this, hostname, ...rest);
};
const promisesLookup = dns.promises.lookup;
dns.promises.lookup = function guardedPromisesLookup(hostname, ...rest) {
  if (!loopback(hostname)) return Promise.reject(refuseSafely(`a DNS lookup of ${hostname}`));
  return promisesLookup.call(this, hostname, ...rest);
};
for (const name of ['resolve', 'resolve4', 'resolve6', 'resolveAny']) {
  const original = dns[name];
  dns[name] = function guardedResolve(hostname, ...rest) {
    if (!loopback(hostname)) refuse(`a DNS query for ${hostname}`);
    return original.call(this, hostname, ...rest);
  };
}

function refuseSafely(what) {
  try {
    refuse(what);
  } catch (error) {
    return error;
  }
}
