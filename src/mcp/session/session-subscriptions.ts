/**
 * The resource subscriptions of one MCP session (docs/api.md, "Limits of a session"): bounded in
 * count and in characters of URI (domain/mcp-limits.ts), and indexed by what each resource is made
 * from (sim/stateful/surface-answers.ts, `ResourceDependency`), so a tool call re-reads only the
 * subscriptions its changes touch. Each subscription keeps what it showed when last read; a re-read
 * that shows something else is an update to send. Before, every call read every subscription twice:
 * 300 subscriptions of 900 KB URIs blocked the event loop for most of a second per call.
 */
import type { WorldChanges } from '../../domain/memory-log.js';
import { toLimitMessage, type McpSessionStoreLimits } from '../../domain/mcp-limits.js';
import type { ResourceDependency } from '../../sim/surface-answers.js';

/** A subscribed resource as read now: its contents as text (null when it cannot be read) and what they are made from. */
export interface ResourceReading {
  shown: string | null;
  dependsOn: ResourceDependency;
}

export interface SessionSubscriptions {
  readonly size: number;
  has(uri: string): boolean;
  /** Subscribes (or re-reads a subscription); the refusal's message when a limit would be passed, else null. */
  add(uri: string, reading: ResourceReading): string | null;
  delete(uri: string): void;
  /**
   * The subscriptions `changes` may have changed: those made from an entity, type or the facts a
   * change names; every one when `changes` is `everything` (the world was reset, or a type appeared,
   * which can change what a URI names).
   */
  touchedBy(changes: readonly WorldChanges[] | 'everything'): string[];
  /** Keeps a re-read; whether it shows something else than before (then the client is told). */
  update(uri: string, reading: ResourceReading): boolean;
}

/**
 * @example
 *   const subscriptions = createSessionSubscriptions(defaultMcpSessionStoreLimits);
 *   subscriptions.add('tracker://issues/12', { shown: '{"id":"12"}', dependsOn: { on: 'entity', type: 'issue', id: '12' } });
 *   subscriptions.touchedBy([{ upserts: [{ type: 'issue', id: '12', fields: {} }] }]); // ['tracker://issues/12']
 */
export function createSessionSubscriptions(
  limits: Pick<McpSessionStoreLimits, 'subscriptions' | 'subscriptionCharacters'>,
): SessionSubscriptions {
  const kept = new Map<string, ResourceReading>();
  /** Subscribed URIs by the key of what they are made from (`keysOf`). */
  const byKey = new Map<string, Set<string>>();
  let characters = 0;

  const index = (uri: string, dependsOn: ResourceDependency, add: boolean) => {
    const key = keyOf(dependsOn);
    if (key === null) return;
    let uris = byKey.get(key);
    if (add) {
      if (!uris) byKey.set(key, (uris = new Set()));
      uris.add(uri);
    } else if (uris) {
      uris.delete(uri);
      if (uris.size === 0) byKey.delete(key);
    }
  };
  const keep = (uri: string, reading: ResourceReading) => {
    const before = kept.get(uri);
    if (before) index(uri, before.dependsOn, false);
    kept.set(uri, reading);
    index(uri, reading.dependsOn, true);
  };

  return {
    get size() {
      return kept.size;
    },
    has: (uri) => kept.has(uri),
    add(uri, reading) {
      if (!kept.has(uri)) {
        if (kept.size >= limits.subscriptions)
          return toLimitMessage(
            `this session is subscribed to ${kept.size} resources; unsubscribe from some first`,
            'subscriptions',
            limits.subscriptions,
          );
        if (characters + uri.length > limits.subscriptionCharacters)
          return toLimitMessage(
            `this session's subscribed URIs would be ${characters + uri.length} characters together; unsubscribe from some first`,
            'subscriptionCharacters',
            limits.subscriptionCharacters,
          );
        characters += uri.length;
      }
      keep(uri, reading);
      return null;
    },
    delete(uri) {
      const reading = kept.get(uri);
      if (!reading) return;
      index(uri, reading.dependsOn, false);
      kept.delete(uri);
      characters -= uri.length;
    },
    touchedBy(changes) {
      if (changes === 'everything') return [...kept.keys()];
      const touched = new Set<string>();
      const collect = (key: string) => byKey.get(key)?.forEach((uri) => touched.add(uri));
      for (const change of changes) {
        for (const { type, id } of [...(change.upserts ?? []), ...(change.deletes ?? [])]) {
          collect(`type\0${type}`);
          collect(`entity\0${type}\0${id}`);
          collect(`entity\0\0${id}`);
        }
        if ((change.facts ?? []).length > 0) collect('facts');
      }
      return [...touched];
    },
    update(uri, reading) {
      const before = kept.get(uri);
      if (!before) return false;
      keep(uri, reading);
      return before.shown !== reading.shown;
    },
  };
}

/** The index key of a dependency; null for one on nothing (never re-read by a call). */
function keyOf(dependsOn: ResourceDependency): string | null {
  switch (dependsOn.on) {
    case 'nothing':
      return null;
    case 'facts':
      return 'facts';
    case 'type':
      return `type\0${dependsOn.type}`;
    case 'entity':
      return `entity\0${dependsOn.type ?? ''}\0${dependsOn.id}`;
  }
}
