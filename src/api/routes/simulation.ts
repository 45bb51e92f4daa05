/**
 * A mock connection's simulation settings under `/__mcpsim` (API key only): the world it starts
 * from (seed entities and facts, which fixtures, the model and the stateful simulator all see from
 * call 1, and again after each reset), corrections of the operation inference per tool, and the
 * resources, resource templates and prompts it serves with their fixed contents.
 * Scenario files set them (`mock: { world, tools }`, `world:` and `tools:` at the top).
 */
import { z } from 'zod';
import { apiError } from '../../errors.js';
import { emptyWorld } from '../../domain/memory-log.js';
import type { Stores } from '../../store/stores.js';
import type { Account } from '../../store/account-store.js';
import type { AppDependencies } from '../context.js';
import type { Connection } from '../../domain/connection.js';
import { describedWorldOf } from '../starting-world-of.js';
import { connectionNotFound, requireNamespace } from '../lookups.js';
import { defineOperation, type Operation } from '../http/operation.js';
import { connectionId, errorSchema, namespaceName, validationErrorSchema } from '../schemas/connection-schemas.js';
import { simulationBodySchema, simulationChangedSchema, simulationSchema } from '../schemas/simulation-schemas.js';

const tag = 'mcpsim';
const path = '/__mcpsim/connections/{namespace}/{connectionId}/simulation';
const params = z.object({ namespace: namespaceName, connectionId });
const notFound = { description: 'Namespace or connection not found (or not yours)', schema: errorSchema };
const forbidden = { description: 'Called with a service token: the control API takes only the API key', schema: errorSchema };
const notMock = { description: 'Not a mock connection: simulation settings apply only to mock connections', schema: errorSchema };

/** `GET` and `PUT /__mcpsim/connections/{ns}/{id}/simulation`. */
export function simulationOperations({ stores, clock }: AppDependencies): Operation[] {
  return [
    defineOperation({
      method: 'GET',
      path,
      tag,
      summary: "A mock connection's simulation settings: the world it starts from and the tool corrections",
      permission: 'api-key',
      params,
      responses: {
        200: { description: 'The settings (empty when none were set)', schema: simulationSchema },
        400: { description: 'A bad parameter', schema: validationErrorSchema },
        403: forbidden,
        404: notFound,
        409: notMock,
      },
      handle(c, { account, params: { namespace, connectionId: id } }) {
        const { seq } = requireMock(stores, account, namespace, id);
        const settings = stores.memory.settingsOf(seq);
        return c.json({
          world: settings?.world ?? emptyWorld(),
          tools: settings?.tools ?? {},
          ...(settings?.entities ? { entities: settings.entities } : {}),
          ...settings?.surface,
        });
      },
    }),
    defineOperation({
      method: 'PUT',
      path,
      tag,
      summary:
        'Replace a mock connection\'s simulation settings: world (entities by type and id, and facts) is what its memory starts from, at once when it has no calls yet, else from its next reset (absent: what a mock\'s description names plainly, such as "Services: web, api", else nothing); tools corrects the operation inference per tool ({"send_email": {"operation": "create", "entity": "message"}}). In a namespace with a shared world the shared memory starts from every member\'s world',
      permission: 'api-key',
      params,
      body: { schema: simulationBodySchema, required: true },
      responses: {
        200: { description: 'The settings now in force, and when the world applies', schema: simulationChangedSchema },
        400: { description: 'A bad parameter or body; the message names it', schema: validationErrorSchema },
        403: forbidden,
        404: notFound,
        409: notMock,
      },
      handle(c, { account, params: { namespace, connectionId: id }, body }) {
        const { seq, connection } = requireMock(stores, account, namespace, id);
        const { world, tools, entities, ...surface } = body;
        const corrected = entities && Object.keys(entities).length > 0 ? { entities } : {};
        // No world given: a mock described in words starts from what its description names (starting-world-of.ts).
        const given =
          world ?? describedWorldOf(stores, connection, { corrections: tools, entities }, clock.now().toISOString()) ?? emptyWorld();
        const settings = { world: given, tools: tools ?? {}, surface, ...corrected };
        const appliesFrom = stores.memory.setSettings(stores.memory.keyFor(seq), seq, settings);
        return c.json({ world: settings.world, tools: settings.tools, ...corrected, ...surface, appliesFrom });
      },
    }),
  ];
}

function requireMock(stores: Stores, account: Account, namespace: string, id: string): { seq: number; connection: Connection } {
  const found = requireNamespace(stores, account.id, namespace);
  const connection = stores.connections.get(found.id, id);
  if (!connection || connection.key === undefined) throw connectionNotFound(id, namespace);
  if (!connection.mock) {
    throw apiError(
      'conflict',
      `Connection "${id}" in namespace "${namespace}" is not a mock connection; simulation settings apply only to mock connections (create one with {"server": "...", "mock": {"enabled": true}})`,
    );
  }
  return { seq: connection.key, connection };
}
