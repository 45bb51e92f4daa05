/**
 * What a new entity holds that the create call did not give: the `default` its input schema
 * declares for a data argument (a bucket's `location: 'US'`), and `false` for each archive-like
 * flag that another tool of the entity sets (`update_bookmark(archived: boolean)`), or that its lists
 * hide until asked (`update_customer(disabled)` beside `list_customers(include_disabled)`), as a
 * service answers a new entity that is not archived yet.
 */
import { isControlArgument, toNormalName } from '../../domain/world-query.js';
import type { AnswerInput } from './world-conventions.js';
import { hiddenFlags } from './hidden-flags.js';

/** Flags a service keeps on an entity that start false: what archiving, closing or trashing sets. */
const startFalse = new Set(['archived', 'isarchived', 'closed', 'isclosed', 'trashed', 'istrashed', 'locked', 'islocked']);

/**
 * The fields a create adds for what the call left out.
 *
 * @example
 *   createDefaults(input); // { location: 'US', archived: false } for create_bucket({ name }) with location's default 'US'
 */
export function createDefaults(input: AnswerInput): Record<string, unknown> {
  const defaults: Record<string, unknown> = {};
  const given = new Set(Object.keys(input.args).map(toNormalName));
  const scope = new Set(
    [input.shape.idArgument, input.shape.idField].filter((name): name is string => typeof name === 'string').map(toNormalName),
  );
  const properties = (input.tool.inputSchema.properties ?? {}) as Record<string, Record<string, unknown> | undefined>;
  for (const [name, schema] of Object.entries(properties)) {
    const normal = toNormalName(name);
    if (schema?.default === undefined || given.has(normal) || scope.has(normal) || isControlArgument(name)) continue;
    // A default that names an id (`parent_id: 'root'`) is where it goes, not what it is; and an object default is a setting.
    if (/id$|key$/.test(normal) || (schema.default !== null && typeof schema.default === 'object')) continue;
    defaults[name] = schema.default;
  }
  // A flag the type's lists hide until asked (`include_disabled`) starts off too (hidden-flags.ts).
  const hidden = new Set(hiddenFlags(input));
  for (const tool of input.serverTools) {
    if (tool === input.tool || input.shapes.get(tool.name)?.entity !== input.shape.entity) continue;
    for (const [name, schema] of Object.entries(
      (tool.inputSchema.properties ?? {}) as Record<string, Record<string, unknown> | undefined>,
    )) {
      // `archived` and `isArchived` are one flag: the first tool's spelling is kept.
      const flag = toFlag(name);
      if (
        schema?.type === 'boolean' &&
        (startFalse.has(toNormalName(name)) || hidden.has(flag)) &&
        ![...given].some((key) => toFlag(key) === flag)
      )
        if (!Object.keys(defaults).some((key) => toFlag(key) === flag)) defaults[name] = false;
    }
  }
  return defaults;
}

function toFlag(name: string): string {
  return toNormalName(name).replace(/^is/, '');
}
