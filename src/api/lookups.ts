import type { ConnectionPlace } from '../domain/connection.js';
import { apiError, type ApiError } from '../errors.js';
import type { Namespace } from '../store/namespace-store.js';
import type { Stores } from '../store/stores.js';

/** The 404 of a namespace that is missing or belongs to another account (the two read alike). */
export function namespaceNotFound(name: string): ApiError {
  return apiError('not_found', `Namespace "${name}" not found or access denied`);
}

/**
 * The account's namespace called `name`, else the 404 to throw.
 *
 * @example
 *   const namespace = requireNamespace(stores, account.id, params.namespace);
 */
export function requireNamespace(stores: Pick<Stores, 'namespaces'>, accountId: string, name: string): Namespace {
  const namespace = stores.namespaces.get(accountId, name);
  if (!namespace) throw namespaceNotFound(name);
  return namespace;
}

/** The 404 of a connection that is missing or hidden from the caller (the two read alike). */
export function connectionNotFound(id: string, namespace: string): ApiError {
  return apiError('not_found', `Connection "${id}" not found in namespace "${namespace}"`);
}

/** `metadata.{key}=value` and `metadata[key]=value` query parameters, as [key, value] pairs. */
export function readMetadataFilters(searchParams: URLSearchParams): [string, string][] {
  const filters: [string, string][] = [];
  for (const [name, value] of searchParams) {
    const key = name.startsWith('metadata.') ? name.slice('metadata.'.length) : /^metadata\[(.*)\]$/.exec(name)?.[1];
    if (key === undefined) continue;
    if (key === '') throw apiError('validation_error', `${name}: metadata filter needs a key, e.g. metadata.team=core`);
    filters.push([key, value]);
  }
  return filters;
}

/** Where a connection lives: its account and namespace. */
export function toPlace(accountId: string, namespaceId: number): ConnectionPlace {
  return { accountId, namespaceId };
}
