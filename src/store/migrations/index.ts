import { sql as initial } from './0001-initial.js';
import { sql as memory } from './0002-memory.js';
import { sql as sharedWorld } from './0003-shared-world.js';
import { sql as mockSettings } from './0007-mock-settings.js';
import { sql as registryOwners } from './0008-registry-owners.js';
import { sql as secretQueryAndOccurrences } from './0009-secret-query-and-occurrences.js';
import { sql as apiKeyLabels } from './0010-api-key-labels.js';
import { sql as callConnection } from './0011-call-connection.js';
import { sql as snapshotScope } from './0012-snapshot-scope.js';
import { sql as cachedTokens } from './0013-cached-tokens.js';
import { sql as mockSurface } from './0014-mock-surface.js';
import { sql as callSizes } from './0015-call-sizes.js';
import { sql as callTerms } from './0016-call-terms.js';
import { sql as entityCorrections } from './0017-entity-corrections.js';
import { sql as nextSequenceAtCheckpoints } from './0018-next-sequence-at-checkpoints.js';

/**
 * Every schema change, in order. Append only: a released migration is never edited; a change is
 * a new entry. The database's `user_version` records how many have run.
 */
export const migrations: readonly { version: number; name: string; sql: string }[] = [
  { version: 1, name: 'initial', sql: initial },
  { version: 2, name: 'memory', sql: memory },
  { version: 3, name: 'shared-world', sql: sharedWorld },
  // 4 to 6 are taken by work merged in parallel; the numbers only need to ascend.
  { version: 7, name: 'mock-settings', sql: mockSettings },
  { version: 8, name: 'registry-owners', sql: registryOwners },
  { version: 9, name: 'secret-query-and-occurrences', sql: secretQueryAndOccurrences },
  { version: 10, name: 'api-key-labels', sql: apiKeyLabels },
  { version: 11, name: 'call-connection', sql: callConnection },
  { version: 12, name: 'snapshot-scope', sql: snapshotScope },
  { version: 13, name: 'cached-tokens', sql: cachedTokens },
  { version: 14, name: 'mock-surface', sql: mockSurface },
  { version: 15, name: 'call-sizes', sql: callSizes },
  { version: 16, name: 'call-terms', sql: callTerms },
  { version: 17, name: 'entity-corrections', sql: entityCorrections },
  { version: 18, name: 'next-sequence-at-checkpoints', sql: nextSequenceAtCheckpoints },
];
