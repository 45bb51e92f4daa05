/**
 * `POST /__mcpsim/connections/{namespace}/{connectionId}/fork`: a new mock connection with the
 * same server, scenario and metadata, whose memory (calls and world) starts as a copy of this
 * one's, so two futures of one simulated state can be tried side by side. API key only.
 */
import { z } from 'zod';
import type { Connection } from '../../domain/connection.js';
import { apiError } from '../../errors.js';
import type { Stores } from '../../store/stores.js';
import type { AppDependencies, AppServices } from '../context.js';
import { connectionNotFound, requireNamespace, toPlace } from '../lookups.js';
import { defineOperation, type Operation } from '../http/operation.js';
import { connectionId, errorSchema, namespaceName, validationErrorSchema } from '../schemas/connection-schemas.js';
import { writeConnection } from '../write-connection.js';

const forkBodySchema = z
  .strictObject({
    namespace: namespaceName.optional().meta({ description: "Where the fork goes (default: the connection's namespace)" }),
    connectionId: connectionId
      .optional()
      .meta({ description: 'The id of the fork (default: <connectionId>-fork, -fork-2, ... whichever is free)' }),
    name: z.string().min(1).max(200).optional().meta({ description: 'Its display name (default: "<name> (fork)")' }),
  })
  .meta({ id: 'ForkCreate' });

const forkSchema = z
  .strictObject({
    namespace: z.string(),
    connectionId: z.string(),
    calls: z.int().meta({ description: 'How many calls the fork starts with' }),
  })
  .meta({ id: 'Fork' });

/** The fork route; it writes the new connection through the same code as `PUT /connect/...`. */
export function forkOperations(dependencies: AppDependencies, { upstream, setupLinks }: AppServices): Operation[] {
  const { stores, clock } = dependencies;
  return [
    defineOperation({
      method: 'POST',
      path: '/__mcpsim/connections/{namespace}/{connectionId}/fork',
      tag: 'mcpsim',
      summary: 'Fork a mock connection: a new connection like it, whose calls and world start as a copy of its own',
      permission: 'api-key',
      params: z.object({ namespace: namespaceName, connectionId }),
      body: { schema: forkBodySchema, required: false },
      responses: {
        201: { description: 'The fork, created', schema: forkSchema },
        400: {
          description: 'Not a mock connection, a namespace whose mock connections share one world, or a bad body',
          schema: validationErrorSchema,
        },
        403: { description: 'Called with a service token: the control API takes only the API key', schema: errorSchema },
        404: { description: 'Namespace or connection not found (or not yours)', schema: errorSchema },
        409: { description: 'The fork id is taken', schema: errorSchema },
      },
      async handle(c, { account, caller, params, body }) {
        const source = requireMockConnection(stores, account.id, params.namespace, params.connectionId);
        const targetName = body.namespace ?? params.namespace;
        const target = requireNamespace(stores, account.id, targetName);
        if (stores.memory.isShared(target.id)) {
          throw apiError(
            'validation_error',
            `namespace: the mock connections of "${targetName}" share one world, so a fork there would not have its own; fork into another namespace`,
          );
        }
        const id = body.connectionId ?? freeForkId(stores, target.id, source.connectionId);
        const input = {
          name: body.name ?? `${source.name} (fork)`,
          server: source.server!,
          mock: source.mock!,
          ...(source.metadata ? { metadata: source.metadata } : {}),
        };
        const place = toPlace(account.id, target.id);
        const written = await writeConnection(
          c,
          { stores, clock, upstream, setupLinks, publicUrl: dependencies.publicUrl, listenUrl: dependencies.listenUrl },
          { caller, place, namespace: targetName, connectionId: id, input, mode: 'create' },
        );
        if (!written)
          throw apiError('conflict', `Connection "${id}" already exists in namespace "${targetName}"; give the fork another connectionId`);
        const from = stores.memory.keyFor(source.key!);
        const targetSeq = stores.connections.get(target.id, id)!.key!;
        const to = stores.memory.keyFor(targetSeq);
        // The fork has the same simulation settings (seed world, tool overrides), so a reset takes both to the same start.
        const settings = stores.memory.settingsOf(source.key!);
        if (settings) stores.memory.setSettings(to, targetSeq, settings);
        const calls = stores.memory.copy(from, to);
        return c.json({ namespace: targetName, connectionId: id, calls }, 201);
      },
    }),
  ];
}

function requireMockConnection(stores: Stores, accountId: string, namespace: string, id: string): Connection {
  const found = stores.connections.get(requireNamespace(stores, accountId, namespace).id, id);
  if (!found) throw connectionNotFound(id, namespace);
  if (!found.mock || found.server === null)
    throw apiError(
      'validation_error',
      `connectionId: "${id}" is not a mock connection; only a mock connection has a simulated world to fork`,
    );
  return found;
}

/** `<id>-fork`, else `<id>-fork-2`, `-3`, ...: the first id free in the namespace. */
function freeForkId(stores: Stores, namespaceId: number, id: string): string {
  for (let n = 1; ; n++) {
    const candidate = `${id.slice(0, 240)}-fork${n === 1 ? '' : `-${n}`}`;
    if (!stores.connections.get(namespaceId, candidate)) return candidate;
  }
}
