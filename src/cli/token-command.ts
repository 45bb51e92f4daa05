import { toValidationMessage } from '../api/validation-message.js';
import { mintToken } from '../api/routes/tokens.js';
import { tokenRequestSchema } from '../api/token-schemas.js';
import { resolveConfig, type ConfigFlags } from '../config.js';
import { hashApiKey } from '../domain/api-key.js';
import { createTokenCodec } from '../domain/service-token.js';
import { isApiError } from '../errors.js';
import { openDataDir } from '../store/data-dir.js';
import { createStores } from '../store/stores.js';
import { exitCodes, UsageError, type CliIo } from './io.js';
import { toClock } from './serve-command.js';

/**
 * `mcpsim token create`: mints a service token from the data directory, with no server needed:
 * each `--policy` is a constraint (or a JSON list of them) of the token's one policy, `--ttl`
 * is the ttl of every constraint that has none. The token belongs to the account whose key is
 * `--api-key` / MCPSIM_API_KEY when one is set, else to the local account. It uses the same
 * clock setting as `serve` (`--clock` / MCPSIM_CLOCK; a virtual clock counts from its start).
 */
export async function tokenCreateCommand(flags: ConfigFlags & { policy?: string[]; ttl?: string; json?: boolean }, io: CliIo): Promise<number> {
  const config = resolveConfig(flags, io.env);
  const request = toTokenRequest(flags.policy ?? [], flags.ttl);
  const dataDir = openDataDir(config.dataDir);
  const stores = createStores(dataDir);
  try {
    const account = config.apiKey === undefined ? stores.accounts.findLocal() : stores.accounts.findByKeyHash(hashApiKey(config.apiKey));
    if (!account) {
      throw new UsageError(
        config.apiKey === undefined
          ? `${config.dataDir} has no local account yet: start the server once (mcpsim serve) to create it`
          : `--api-key / MCPSIM_API_KEY: no account in ${config.dataDir} has this key`,
      );
    }
    const clock = toClock(config.clock);
    const tokens = createTokenCodec({ key: dataDir.tokenKey, clock });
    const minted = await mintToken({ tokens, clock, caller: { account, chain: [], expiresAt: null }, request });
    io.stdout(flags.json ? `${JSON.stringify(minted)}\n` : `${minted.token}\n`);
    if (!flags.json) io.stderr(`Service token for account ${account.id}, expires at ${minted.expiresAt}.\n`);
    return exitCodes.ok;
  } catch (error) {
    if (isApiError(error)) throw new UsageError(error.message);
    throw error;
  } finally {
    stores.close();
  }
}

/** `--policy` texts and `--ttl` as the body of `POST /tokens`, validated by the same schema. */
function toTokenRequest(policyTexts: readonly string[], ttl: string | undefined) {
  const constraints: unknown[] = [];
  for (const [index, text] of policyTexts.entries()) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new UsageError(`--policy #${index + 1}: not valid JSON (${(error as Error).message}); e.g. --policy '{"namespaces":"demo","operations":"read"}'`);
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
  const result = tokenRequestSchema.safeParse(constraints.length === 0 ? {} : { policy: constraints });
  if (!result.success) throw new UsageError(`${toValidationMessage(result.error.issues)} (from --policy / --ttl)`);
  return result.data;
}
