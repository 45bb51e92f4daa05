/**
 * The only reader of the environment. Flags win over environment variables, which win over
 * defaults.
 *
 * | Variable          | Flag         | Default      |
 * |-------------------|--------------|--------------|
 * | MCPSIM_PORT       | --port       | 4010         |
 * | MCPSIM_HOST       | --host       | 127.0.0.1    |
 * | MCPSIM_DATA_DIR   | --data-dir   | ./.mcpsim    |
 * | MCPSIM_API_KEY    | --api-key    | (generated on first start) |
 */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  apiKey?: string;
}

export interface ConfigFlags {
  port?: string;
  host?: string;
  dataDir?: string;
  apiKey?: string;
}

export const configDefaults = { port: 4010, host: '127.0.0.1', dataDir: './.mcpsim' } as const;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function resolveConfig(flags: ConfigFlags, env: Record<string, string | undefined> = process.env): Config {
  const port = flags.port ?? env.MCPSIM_PORT;
  const apiKey = flags.apiKey ?? env.MCPSIM_API_KEY;
  if (apiKey !== undefined && !/^\S{8,256}$/.test(apiKey)) {
    throw new ConfigError('--api-key / MCPSIM_API_KEY: must be 8 to 256 characters without spaces');
  }
  return {
    port: port === undefined ? configDefaults.port : parsePort(port),
    host: flags.host ?? env.MCPSIM_HOST ?? configDefaults.host,
    dataDir: flags.dataDir ?? env.MCPSIM_DATA_DIR ?? configDefaults.dataDir,
    ...(apiKey === undefined ? {} : { apiKey }),
  };
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65_535) throw new ConfigError(`--port / MCPSIM_PORT: "${value}" is not a port number (0 to 65535; 0 picks a free one)`);
  return port;
}
