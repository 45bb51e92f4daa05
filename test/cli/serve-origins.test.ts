/**
 * `--cors-origin`, `--allowed-host` and their variables, from the command line to the running
 * server: `mcpsim serve` driven in process through `main` (its argv and io as parameters), with
 * requests over its real socket, and the banner's warning when a guard is turned off with '*'.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { ConfigError, resolveConfig } from '../../src/config.js';
import { sendRaw } from '../support/raw-http.js';

interface Served {
  port: number;
  banner: string;
  stop(): Promise<number>;
}

const directories: string[] = [];
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

/** Runs `mcpsim serve --port 0 ...args` in process until its banner is printed. */
async function serve(args: string[], env: Record<string, string> = {}): Promise<Served> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mcpsim-origins-'));
  directories.push(dataDir);
  let stdout = '';
  let stop: ((signal: string) => void) | undefined;
  let printed!: () => void;
  const banner = new Promise<void>((resolve) => (printed = resolve));
  const code = main(['serve', '--port', '0', '--quiet', '--data-dir', dataDir, ...args], {
    stdout(text) {
      stdout += text;
      if (text.includes('Press Ctrl+C to stop.')) printed();
    },
    stderr: (text) => void (stdout += text),
    env,
    onShutdownSignal: (next) => void (stop = next),
  });
  await Promise.race([banner, code.then((exit) => Promise.reject(new Error(`serve exited ${exit}:\n${stdout}`)))]);
  const port = Number(/Base URL\s+http:\/\/127\.0\.0\.1:(\d+)/.exec(stdout)?.[1]);
  return { port, banner: stdout, stop: () => (stop?.('SIGTERM'), code) };
}

describe('mcpsim serve with --cors-origin and --allowed-host', () => {
  it("warns in the banner when '*' turns a guard off, and then answers any Host and any Origin", async () => {
    const served = await serve(['--cors-origin', '*', '--allowed-host', '*']);
    try {
      expect(served.banner).toContain("  Warning     --cors-origin '*': any web page you open can use this server with its key");
      expect(served.banner).toContain("  Warning     --allowed-host '*': the DNS rebinding guard is off");
      const answer = await sendRaw(served.port, {
        method: 'GET',
        path: '/connect/demo',
        headers: { host: 'evil.example.com', origin: 'https://evil.example.com', authorization: 'Bearer mcpsim-dev-key' },
      });
      expect(answer.status).toBe(200);
      expect(answer.headers['access-control-allow-origin']).toBe('https://evil.example.com');
    } finally {
      expect(await served.stop()).toBe(0);
    }
  });

  it('adds the names and origins of MCPSIM_ALLOWED_HOSTS and MCPSIM_CORS_ORIGINS, and no warning', async () => {
    const served = await serve([], {
      MCPSIM_ALLOWED_HOSTS: 'mybox.test, .tunnel.test',
      MCPSIM_CORS_ORIGINS: 'http://app.example.test:5173',
    });
    try {
      expect(served.banner).not.toContain('Warning');
      const get = (host: string, origin?: string) =>
        sendRaw(served.port, {
          method: 'GET',
          path: '/connect/demo',
          headers: { host, authorization: 'Bearer mcpsim-dev-key', ...(origin ? { origin } : {}) },
        });
      expect((await get('mybox.test:4010')).status).toBe(200);
      expect((await get('x.tunnel.test')).status).toBe(200);
      expect((await get('evil.example.com')).status).toBe(403);
      const granted = await get('127.0.0.1', 'http://app.example.test:5173');
      expect(granted.headers['access-control-allow-origin']).toBe('http://app.example.test:5173');
      expect((await get('127.0.0.1', 'https://evil.example.com')).status).toBe(403);
    } finally {
      expect(await served.stop()).toBe(0);
    }
  });
});

describe('resolveConfig for origins and hosts', () => {
  it('takes the flags over the variable, trims, and reads origins as a browser sends them', () => {
    const config = resolveConfig(
      {
        corsOrigin: ['HTTPS://App.Example:443/', 'http://[::1]:3000'],
        allowedHost: ['MyBox.Lan', '[FD00::1]', '.example.com', '*.example.org'],
      },
      { MCPSIM_CORS_ORIGINS: 'http://ignored.test', MCPSIM_ALLOWED_HOSTS: 'ignored.test' },
    );
    expect(config.corsOrigins).toEqual(['https://app.example', 'http://[::1]:3000']);
    expect(config.allowedHosts).toEqual(['mybox.lan', 'fd00::1', '.example.com', '.example.org']);
    const fromEnv = resolveConfig({}, { MCPSIM_CORS_ORIGINS: ' http://a.test:1 ,, * ', MCPSIM_ALLOWED_HOSTS: 'a.test,192.168.1.20' });
    expect(fromEnv.corsOrigins).toEqual(['http://a.test:1', '*']);
    expect(fromEnv.allowedHosts).toEqual(['a.test', '192.168.1.20']);
    expect(resolveConfig({}, {})).toMatchObject({ corsOrigins: [], allowedHosts: [] });
  });

  it('refuses an origin with a path and a host with a port or a scheme, saying what to write', () => {
    for (const corsOrigin of ['http://a.test/app', 'a.test', 'ftp://a.test', 'null'])
      expect(() => resolveConfig({ corsOrigin: [corsOrigin] }, {}), corsOrigin).toThrow(ConfigError);
    expect(() => resolveConfig({ corsOrigin: ['http://a.test/app'] }, {})).toThrow(
      '--cors-origin / MCPSIM_CORS_ORIGINS: "http://a.test/app" is not an origin (http or https, host and port, no path)',
    );
    for (const allowedHost of ['mybox.lan:4010', 'http://mybox.lan', 'a b', '*example.com', 'evil.*'])
      expect(() => resolveConfig({ allowedHost: [allowedHost] }, {}), allowedHost).toThrow(ConfigError);
    expect(() => resolveConfig({}, { MCPSIM_ALLOWED_HOSTS: 'mybox.lan:4010' })).toThrow(
      '--allowed-host / MCPSIM_ALLOWED_HOSTS: "mybox.lan:4010" is not a host name (no scheme, no port)',
    );
  });
});
