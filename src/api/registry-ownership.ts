/**
 * Who may write which registry entry, for `PUT /servers/{qualifiedName}` and the scenario
 * loader's `PUT /__mcpsim/servers/{qualifiedName}`; `DELETE /servers/...` uses `checkOwner`.
 */
import type { Clock } from '../domain/clock.js';
import type { RegistryEntry } from '../domain/registry.js';
import { toAuthoredEntry, type ServerAuthoringInput } from '../domain/registry-authoring.js';
import { splitQualifiedName } from '../domain/registry-record.js';
import { apiError } from '../errors.js';
import type { Account } from '../store/account-store.js';
import type { Stores } from '../store/stores.js';

type RegistryStores = Pick<Stores, 'registry'>;

/**
 * Only the owner changes or deletes an entry (docs/decisions.md, "Registry ownership"): the account that created it, or
 * for the demo catalog and imports (owner null) the server's first, local account. Entries are
 * public to read, so the 403 reveals nothing.
 */
export function checkOwner(stores: RegistryStores, account: Account, qualifiedName: string, action: 'change' | 'delete'): void {
  const owner = stores.registry.ownerOf(qualifiedName);
  if (owner === undefined || holds(account, owner)) return;
  throw apiError(
    'forbidden',
    `Server "${qualifiedName}" belongs to another account: only its owner may ${action} it; author your own under another name`,
  );
}

/**
 * Writes an entry as `PUT /servers/{qualifiedName}` does: creates it (owned by the caller) or
 * updates the caller's own. With `scenario` (the scenario loader) and the local account, the
 * write never fails because of another account: the local account's scenarios always win. An
 * entry another account holds is taken back, replaced whole by the scenario's, and an owner
 * another account holds does not stop a new entry. Another account's `scenario` write is an
 * ordinary PUT.
 *
 * @example
 *   const { entry, created } = writeServerEntry({ stores, clock }, account, '@acme/notes', { tools }, { scenario: false });
 */
export function writeServerEntry(
  { stores, clock }: { stores: RegistryStores; clock: Clock },
  account: Account,
  qualifiedName: string,
  input: ServerAuthoringInput,
  { scenario }: { scenario: boolean },
): { entry: RegistryEntry; created: boolean } {
  const existing = stores.registry.get(qualifiedName);
  const owner = existing ? stores.registry.ownerOf(existing.qualifiedName) : undefined;
  if (scenario && account.isLocal && existing && !holds(account, owner ?? null)) {
    // A scenario declares the whole entry: nothing another account put in it (a deployment URL,
    // a config that asks for headers) is kept.
    const entry = toAuthoredEntry(qualifiedName, input, null, { now: clock.now(), ownerId: account.id });
    stores.registry.replace(entry, { ownerAccount: account.id });
    return { entry, created: false };
  }
  if (existing) checkOwner(stores, account, existing.qualifiedName, 'change');
  else if (!(scenario && account.isLocal)) checkOwnerNamespace(stores, account, qualifiedName);
  const entry = toAuthoredEntry(qualifiedName, input, existing, { now: clock.now(), ownerId: account.id });
  // An update keeps the owner (the local account's entries stay the local account's).
  stores.registry.upsert([entry], { ownerAccount: existing ? (owner ?? null) : account.id });
  return { entry, created: !existing };
}

/**
 * Against squatting: an account creates entries only under an owner (`team` of `@team/tracker`)
 * that is free (no entry has it) or that it holds alone (every entry under it is its own; the
 * demo catalog's and imports' owners are the local account's). Without it, another account could
 * take `@team/tracker` before the local account's scenario declared it, or fill `@team` with
 * names the local account uses next. The local account's scenarios are never refused by this or
 * by another account's entry (`writeServerEntry` with `scenario`); the platform's API itself
 * treats every account alike. A name without an owner part is checked as a whole
 * (`checkOwner`), as before.
 */
function checkOwnerNamespace(stores: RegistryStores, account: Account, qualifiedName: string): void {
  const { namespace } = splitQualifiedName(qualifiedName);
  if (namespace === '') return;
  if (stores.registry.ownersUnder(namespace).every((owner) => holds(account, owner))) return;
  throw apiError(
    'forbidden',
    `Owner "@${namespace}" has entries of another account: an account creates entries only under an owner that is free or its own; author "${qualifiedName}" under another owner`,
  );
}

/** Whether `owner` (an account id, or null for the local account) is the account. */
function holds(account: Account, owner: string | null): boolean {
  return owner === null ? account.isLocal : owner === account.id;
}
