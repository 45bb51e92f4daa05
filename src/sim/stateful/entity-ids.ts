/**
 * The id a create gives a new entity, in the service's own format (reading/id-format.ts), from
 * what the service model says about ids of that entity (`idSchemasOf`: the `pattern` and
 * description of every argument that takes one, `get_issue(issue_key)`, `create_comment(issue_key)`,
 * or the scenario's `entities:` correction of the format), in the order the world's own ids,
 * patterns, examples. The model reads them once per server and corrections; `mcpsim explain`
 * foretells the same ids from it.
 */
import { addToIdSummary, toIdSummary, toNewId, type IdSummary } from '../../reading/id-format.js';
import type { WorldState } from '../../domain/memory-log.js';
import { idsChangedSince, typeVersion } from '../../domain/world-state.js';
import type { EntityRecord } from '../../domain/world-query.js';
import type { AnswerInput } from './world-conventions.js';
import { withSiblingsLast } from './sibling-ids.js';
import { withParentKey } from './parent-key-prefix.js';
import { retiredIdsOf, type RetiredIds } from './retired-ids.js';

/**
 * A new id for the entity the create makes.
 *
 * @example
 *   toCreatedId(input, []); // 'OPS-1' where get_issue(issue_key: pattern ^[A-Z]+-\d+$) and the call says project: 'OPS'
 */
export function toCreatedId(input: AnswerInput, existing: readonly EntityRecord[]): string {
  const { patterns, descriptions, service } = input.model.idSchemasOf(input.shape.entity);
  // `BILL-5` in the project whose issues are BILL-1 to BILL-4, after MOB-2 (sibling-ids.ts).
  const ids = withSiblingsLast(input, existing).map((entity) => entity.id);
  // Deleted ids the counter has passed (retired-ids.ts) count as taken, before the world's own.
  const { ids: retired, unlisted } = retiredOf(input.world, input.shape.entity);
  const summary = summaryOf(input.world, input.shape.entity, ids, retired);
  return toNewId({
    type: input.shape.entity,
    existing: retired.length === 0 ? ids : [...retired, ...ids],
    ...(summary ? { summary } : {}),
    numeric: input.shape.numericId,
    field: input.shape.idField,
    patterns,
    descriptions,
    service,
    // `teamId` of the team whose key is CHK: CHK-1 (parent-key-prefix.ts).
    args: withParentKey(input),
    // Ids a fact only counted (`and 298 more`) still move the seed on, so a random id drawn before is not drawn again.
    seed: unlisted === 0 ? `${input.seed}|${input.shape.entity}|new` : `${input.seed}|${input.shape.entity}|new|${unlisted}`,
  });
}

/** Per type object: the summary of its ids as of `version` (see `summaryOf`). */
const summaries = new WeakMap<object, { version: number; summary: IdSummary }>();

/**
 * The summary of a type's ids (`ids`: `entitiesOf` the type, in the world's order, numbers first), kept per type object
 * and caught up from the ids created in place since, so a create does not scan every id of its
 * type (issue 30); worked out afresh after a delete or for another type object.
 */
function summaryOf(world: WorldState, type: string, ids: readonly string[], retired: readonly string[]): IdSummary | undefined {
  if (!Object.hasOwn(world.entities, type)) return retired.length === 0 ? undefined : toIdSummary(retired);
  const byId = world.entities[type]!;
  const version = typeVersion(byId);
  let kept = summaries.get(byId);
  const changed = kept ? idsChangedSince(byId, kept.version) : null;
  if (kept && changed) for (const id of changed) if (!kept.summary.taken.has(id)) addToIdSummary(kept.summary, id);
  if (kept) for (const id of retired) if (!kept.summary.taken.has(id)) addToIdSummary(kept.summary, id);
  if (!kept || !changed || kept.summary.taken.size !== ids.length + retired.length)
    summaries.set(byId, (kept = { version, summary: toIdSummary([...retired, ...ids]) }));
  kept.version = version;
  // `ids` puts the numeric ids first, in number order: the last of them is the one the summary means.
  const retiredNumbers = retired.length === 0 ? [] : retired.filter((id) => /^\d+$/.test(id));
  const live = kept.summary.numbers.count - retiredNumbers.length;
  kept.summary.numbers.last = live > 0 ? ids[live - 1] : retiredNumbers.at(-1);
  return kept.summary;
}

/** The type's retired ids the world does not hold again (a create may name its own id). */
function retiredOf(world: WorldState, type: string): RetiredIds {
  const retired = retiredIdsOf(world, type);
  if (retired.ids.length === 0) return retired;
  const byId = Object.hasOwn(world.entities, type) ? world.entities[type]! : {};
  return { ids: retired.ids.filter((id) => !Object.hasOwn(byId, id)), unlisted: retired.unlisted };
}
