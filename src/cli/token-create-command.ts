import { resolveConfig } from '../config.js';
import { isApiError } from '../errors.js';
import { openDataDirAdmin } from '../platform/data-dir-admin.js';
import { CliError, exitCodes } from './cli-error.js';
import type { CommandInput, CommandOptions } from './command.js';
import { configOptions, toClock, toConfigFlags } from './config-options.js';
import type { CliIo } from './io.js';

export const name = 'token create';
export const usage = '[options]';
export const summary = 'mint a service token from the data directory and print it';
export const help = `Mints a service token from the data directory, with no server needed, as POST /tokens would:
each --policy is a constraint (or a JSON list of them) of the token's one policy, and --ttl is the
ttl of every constraint that has none. The token belongs to the account whose key is --api-key /
MCPSIM_API_KEY when one is set, else to the local account. It uses the clock setting of serve.`;

export const options = {
  policy: {
    type: 'string',
    multiple: true,
    value: '<json>',
    help: 'a constraint, e.g. \'{"namespaces":"demo","operations":"read","metadata":{"team":"a"}}\',\nor a JSON list of them; repeat for more constraints (any one grants)',
  },
  ttl: { type: 'string', value: '<ttl>', help: 'lifetime of every constraint without its own ttl: 3600, 30m, 1h (default 1h, max 24h)' },
  'data-dir': configOptions['data-dir'],
  'api-key': { ...configOptions['api-key'], help: 'the account whose key it is (env MCPSIM_API_KEY; default the local account)' },
  clock: configOptions.clock,
  json: { type: 'boolean', help: 'print {token, expiresAt}' },
} as const satisfies CommandOptions;

export async function run({ values }: CommandInput<typeof options>, io: CliIo): Promise<number> {
  const config = resolveConfig(toConfigFlags(values), io.env);
  const body = toTokenBody(values.policy ?? [], values.ttl);
  const admin = openDataDirAdmin(config.dataDir, { clock: toClock(config.clock) });
  try {
    const account = admin.findAccount(config.apiKey);
    if (!account) {
      throw new CliError(
        config.apiKey === undefined
          ? `${config.dataDir} has no local account yet: start the server once (mcpsim serve) to create it`
          : `--api-key / MCPSIM_API_KEY: no account in ${config.dataDir} has this key`,
      );
    }
    const minted = await admin.mintToken(account, body).catch((error: unknown) => {
      throw isApiError(error) ? new CliError(`${error.message} (from --policy / --ttl)`) : error;
    });
    io.stdout(values.json ? `${JSON.stringify(minted)}\n` : `${minted.token}\n`);
    if (!values.json) io.stderr(`Service token for account ${account.id}, expires at ${minted.expiresAt}.\n`);
    return exitCodes.ok;
  } finally {
    admin.close();
  }
}

/** `--policy` texts and `--ttl` as the body of `POST /tokens`; the platform validates it as the API does. */
function toTokenBody(policyTexts: readonly string[], ttl: string | undefined): unknown {
  const constraints: unknown[] = [];
  for (const [index, text] of policyTexts.entries()) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new CliError(
        `--policy #${index + 1}: not valid JSON (${(error as Error).message}); e.g. --policy '{"namespaces":"demo","operations":"read"}'`,
      );
    }
    constraints.push(...(Array.isArray(parsed) ? parsed : [parsed]));
  }
  if (ttl !== undefined) {
    const ttlValue = /^\d+$/.test(ttl) ? Number(ttl) : ttl;
    if (constraints.length === 0) constraints.push({});
    for (const constraint of constraints) {
      if (typeof constraint === 'object' && constraint !== null && !('ttl' in constraint)) Object.assign(constraint, { ttl: ttlValue });
    }
  }
  return constraints.length === 0 ? {} : { policy: constraints };
}
