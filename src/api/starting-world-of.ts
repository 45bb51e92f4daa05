/**
 * The world a mock connection starts from when nobody gave it one: what its description names
 * plainly (reading/described-world.ts) for a mock described in words, else a small world made up
 * from its server's tools (sim/stateful/starting-world.ts); what the words name starts in the state a
 * create would give it (sim/stateful/seeded-states.ts). Both read the server as the simulator
 * reads it: with the server's names and, when given, the connection's corrections.
 */
import type { Connection } from '../domain/connection.js';
import type { WorldState } from '../domain/memory-log.js';
import { readServer, type ReadOptions, type ServiceModel } from '../reading/read-server.js';
import { toStartingWorld } from '../sim/stateful/starting-world.js';
import { withStartStates } from '../sim/stateful/seeded-states.js';
import { toDescribedWorld } from '../reading/described-world.js';
import type { Stores } from '../store/stores.js';

type Corrections = Pick<ReadOptions, 'corrections' | 'entities'>;

/**
 * The starting world of a new mock connection of a registry server (null without a server).
 *
 * @example
 *   startingWorldOf(stores, connection, now)?.entities.service; // { PA1TV92: { id: 'PA1TV92', name: 'checkout-api' } }
 */
export function startingWorldOf(stores: Pick<Stores, 'registry'>, connection: Connection, now: string): WorldState | null {
  const model = modelOf(stores, connection, {});
  if (!model) return null;
  const description = connection.mock?.scenario;
  return description ? withStartStates(model, toDescribedWorld(model, description, now)) : toStartingWorld(model, now);
}

/**
 * What a mock's description names, as a world, read with the connection's corrections; null for a
 * mock with no description (or no server). `now` is the platform's clock, as for startingWorldOf: a
 * day the words give without a year (`received Nov 20`) is in its year, so the world a scenario
 * file's `PUT .../simulation` sets dates its mail as the world the connection started from did.
 */
export function describedWorldOf(
  stores: Pick<Stores, 'registry'>,
  connection: Connection,
  corrections: Corrections,
  now: string,
): WorldState | null {
  const description = connection.mock?.scenario;
  const model = description ? modelOf(stores, connection, corrections) : null;
  return model && description ? withStartStates(model, toDescribedWorld(model, description, now)) : null;
}

function modelOf(stores: Pick<Stores, 'registry'>, connection: Connection, corrections: Corrections): ServiceModel | null {
  if (connection.server === null) return null;
  const entry = stores.registry.get(connection.server);
  return readServer(entry?.tools ?? [], { ...corrections, serverNames: [connection.server, entry?.displayName ?? ''] });
}
