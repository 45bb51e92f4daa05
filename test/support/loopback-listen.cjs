/**
 * Preloaded into a child process that listens on a port of its choosing without a host (e.g.
 * server-everything's `app.listen(process.env.PORT)`, which would bind every interface): every
 * TCP listen given only a port (or an options object without a host) binds 127.0.0.1 instead, and
 * the port it got is written to stderr as `mcpsim-listening <port>`, so PORT=0 works.
 */
'use strict';
const net = require('node:net');

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function loopbackListen(...args) {
  const first = args[0];
  if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    // listen(port[, host][, backlog][, callback]): drop a host or backlog, keep the callback.
    const callback = args.find((arg) => typeof arg === 'function');
    args = [{ port: Number(first), host: '127.0.0.1' }, ...(callback ? [callback] : [])];
  } else if (
    first &&
    typeof first === 'object' &&
    first.path === undefined &&
    first.fd === undefined &&
    first.handle === undefined &&
    first._handle === undefined
  ) {
    args[0] = { ...first, host: '127.0.0.1' };
  }
  this.once('listening', () => {
    const address = this.address();
    if (address && typeof address === 'object') process.stderr.write(`mcpsim-listening ${address.address} ${address.port}\n`);
  });
  return listen.apply(this, args);
};
