import { resolveConfig } from '../config.js';
import { openDataDirAdmin } from '../platform/data-dir-admin.js';
import { exitCodes } from './cli-error.js';
import type { CommandInput, CommandOptions } from './command.js';
import { configOptions, toConfigFlags } from './config-options.js';
import type { CliIo } from './io.js';

export const name = 'keys create';
export const usage = '[options]';
export const summary = 'add an account with its own API key and print the key';
export const help = `Adds an account with its own API key to the data directory and prints the key, once (it is
stored only as a hash), so that isolation between accounts can be tested. Works while the server
runs on the same data directory.`;

export const options = {
  'data-dir': configOptions['data-dir'],
  name: { type: 'string', value: '<name>', help: 'a label for the new account (default "extra")' },
  json: { type: 'boolean', help: 'print {accountId, name, apiKey}' },
} as const satisfies CommandOptions;

export function run({ values }: CommandInput<typeof options>, io: CliIo): number {
  const config = resolveConfig(toConfigFlags(values), io.env);
  const admin = openDataDirAdmin(config.dataDir);
  try {
    const account = admin.createAccount(values.name ?? 'extra');
    io.stdout(values.json ? `${JSON.stringify(account)}\n` : `${account.apiKey}\n`);
    if (!values.json)
      io.stderr(`Created account "${account.name}" (${account.accountId}). The key above is shown once and stored only as a hash.\n`);
    return exitCodes.ok;
  } finally {
    admin.close();
  }
}
