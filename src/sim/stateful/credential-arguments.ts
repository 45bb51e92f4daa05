/**
 * The arguments that carry the caller's credentials (`access_token`, `api_key`) on every call rather
 * than a record's data. A service authenticates the call with them: it neither stores them in what
 * the call creates nor lists records by them, so a list asked with another token shows the same
 * records. Told apart from a secret that is a record's data (a webhook's signing `secret`, a user's
 * `password`, hidden-fields.ts) by who takes it: nothing reads, lists or deletes a record by its
 * secret, so a secret-named argument that a read, list, search or delete tool of the server takes
 * is the caller's credential.
 */
import type { ToolDefinition } from '../../domain/registry.js';
import type { ToolShape } from '../../reading/tool-operation.js';
import { isSecretField } from '../../reading/secret-arguments.js';

/** The server a call is made to: its tools and how each is read. */
interface CalledServer {
  serverTools: readonly ToolDefinition[];
  shapes: ReadonlyMap<string, ToolShape>;
}

const lookupOperations = new Set(['read', 'list', 'search', 'delete']);
const credentialsByServer = new WeakMap<readonly ToolDefinition[], ReadonlySet<string>>();

/**
 * The names of the server's credential arguments: secret-named arguments a read, list, search or
 * delete tool takes.
 *
 * @example
 *   // every tool takes `access_token` ("CRM access token"), get_contact and search_contacts among them
 *   credentialArguments({ serverTools: tools, shapes }); // Set { 'access_token' }
 *   // create_webhook(url, secret) alone takes `secret`: the webhook's data, kept (hidden) in the world
 *   credentialArguments({ serverTools: [createWebhook, getWebhook], shapes }); // Set {}
 */
export function credentialArguments({ serverTools, shapes }: CalledServer): ReadonlySet<string> {
  const cached = credentialsByServer.get(serverTools);
  if (cached) return cached;
  const names = new Set<string>();
  for (const tool of serverTools) {
    const shape = shapes.get(tool.name);
    if (!shape || !lookupOperations.has(shape.operation)) continue;
    // `get_invite(token)`: a token that names the record looked up is its key, not the caller's credential.
    for (const name of Object.keys((tool.inputSchema.properties ?? {}) as Record<string, unknown>))
      if (isSecretField(name) && name !== shape.idArgument) names.add(name);
  }
  credentialsByServer.set(serverTools, names);
  return names;
}
