/**
 * The key a parent's children are numbered after, as the parent's own field: a Linear team, a Jira
 * or YouTrack project has a `key` (`ENG`), and its issues are `ENG-1`, `ENG-2`. A parent of a type
 * whose records are key-numbered (its seeded ids are, or its tools' examples show `ENG-123`) keeps
 * the key its description gives it (`Engineering (key ENG)`, or a bare code in its parenthesis,
 * `Checkout (CHK)`), else the one its seeded children's ids share, so a read of the team shows it
 * and a new issue made in it is numbered after it (sim/stateful/parent-key-prefix.ts). Pure but for
 * the entities it fills; described-world.ts calls it once the children lie in their parents.
 */
import type { WorldState } from '../domain/memory-log.js';
import type { ServiceModel } from './read-server.js';
import { toParentKeys } from './parent-keys.js';

const keyedId = /^([A-Z][A-Z0-9]{1,9})-\d+$/;
const bareKey = /^[A-Z][A-Z0-9]{1,9}$/;

/**
 * Gives each parent of key-numbered records the key its description or its children give it, as `key`.
 *
 * @example
 *   givePrefixKeys(model, entities, detailsOf); // team "Checkout" (described "Checkout (CHK)") gains key: 'CHK'
 */
export function givePrefixKeys(
  model: Pick<ServiceModel, 'entityTypes' | 'tools' | 'shapes' | 'idSchemasOf'>,
  entities: WorldState['entities'],
  detailsOf: ReadonlyMap<Record<string, unknown>, string>,
): void {
  for (const type of model.entityTypes.keys()) {
    const children = Object.entries(entities[type] ?? {});
    const examples = model.idSchemasOf(type).descriptions.some((text) => /\b[A-Z][A-Z0-9]{1,9}-\d+\b/.test(text));
    if (!examples && !children.some(([id]) => keyedId.test(id))) continue;
    for (const parent of toParentKeys(model, type)) {
      const idField = model.entityTypes.get(parent.type)?.idField ?? 'id';
      for (const [id, fields] of Object.entries(entities[parent.type] ?? {})) {
        if (Object.hasOwn(fields, 'key')) continue;
        const key = describedKey(detailsOf.get(fields)) ?? childrenKey(children, parent.idArguments, fields[idField] ?? id);
        if (key !== undefined) fields.key = key;
      }
    }
  }
}

/** `key ENG; Mara Lindqvist, …` or a bare `CHK`: the key a parent's parenthesis gives it. */
function describedKey(details: string | undefined): string | undefined {
  const text = (details ?? '').trim();
  if (bareKey.test(text)) return text;
  return /(?:^|[,;]\s*)key:?\s+([A-Z][A-Z0-9]{1,9})\b/.exec(text)?.[1];
}

/** The one key the ids of the children lying in the parent share. */
function childrenKey(
  children: readonly [string, Record<string, unknown>][],
  idArguments: readonly string[],
  parentId: unknown,
): string | undefined {
  const keys = new Set(
    children
      .filter(([, fields]) => idArguments.some((argument) => fields[argument] === parentId))
      .flatMap(([id]) => keyedId.exec(id)?.[1] ?? []),
  );
  return keys.size === 1 ? [...keys][0] : undefined;
}
