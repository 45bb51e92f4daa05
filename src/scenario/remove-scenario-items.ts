/**
 * What a reloaded scenario file no longer declares, and taking it off the platform: a connection
 * removed from the file is deleted (with its memory), a namespace removed from the file is deleted
 * with every connection in it. Items another loaded file still declares stay.
 */
import { expectSuccess, toPathSegment, type ScenarioPlatform } from './platform-request.js';
import type { Scenario } from './scenario-schema.js';

export interface RemovedItems {
  namespaces: string[];
  /** `namespace/connectionId` of connections removed from namespaces that stay. */
  connections: Array<{ namespace: string; connectionId: string }>;
}

/**
 * The namespaces and connections `previous` declared that `next` does not, leaving out those any
 * of `others` (the other loaded files) declares. `next` null: the file is gone.
 *
 * @example
 *   findRemovedItems(before, after, []); // { namespaces: [], connections: [{ namespace: 'office', connectionId: 'mailbox' }] }
 */
export function findRemovedItems(previous: Scenario, next: Scenario | null, others: readonly Scenario[]): RemovedItems {
  const declares = (scenarios: readonly Scenario[], namespace: string, connectionId?: string) =>
    scenarios.some((scenario) =>
      scenario.namespaces.some(
        (candidate) =>
          candidate.name === namespace &&
          (connectionId === undefined || candidate.connections.some((connection) => connection.id === connectionId)),
      ),
    );
  const kept = next ? [next, ...others] : [...others];
  const removed: RemovedItems = { namespaces: [], connections: [] };
  for (const namespace of previous.namespaces) {
    if (!declares(kept, namespace.name)) {
      removed.namespaces.push(namespace.name);
      continue;
    }
    for (const connection of namespace.connections) {
      if (!declares(kept, namespace.name, connection.id))
        removed.connections.push({ namespace: namespace.name, connectionId: connection.id });
    }
  }
  return removed;
}

/**
 * Deletes the removed items; returns one line per item for the reload summary.
 *
 * @example
 *   await removeScenarioItems(platform, removed); // ['removed connection "office/mailbox" (no longer in the file), and its memory']
 */
export async function removeScenarioItems(platform: ScenarioPlatform, removed: RemovedItems): Promise<string[]> {
  const lines: string[] = [];
  for (const { namespace, connectionId } of removed.connections) {
    const item = `connection "${namespace}/${connectionId}"`;
    const answer = await expectSuccess(
      platform,
      item,
      'DELETE',
      `/connect/${toPathSegment(namespace)}/${toPathSegment(connectionId)}`,
    ).catch((error: unknown) => error);
    lines.push(
      answer instanceof Error ? `could not remove ${item}: ${answer.message}` : `removed ${item} (no longer in the file), and its memory`,
    );
  }
  for (const namespace of removed.namespaces) {
    const item = `namespace "${namespace}"`;
    const answer = await expectSuccess(platform, item, 'DELETE', `/namespaces/${toPathSegment(namespace)}`).catch(
      (error: unknown) => error,
    );
    lines.push(
      answer instanceof Error
        ? `could not remove ${item}: ${answer.message}`
        : `removed ${item} (no longer in the file), with its connections and their memory`,
    );
  }
  return lines;
}
