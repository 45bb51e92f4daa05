/**
 * A relation that names a record the world does not hold: `add_opportunity_followers(followers:
 * ["user_nobody"])` "Array of user IDs to add as followers", `add_contact_to_workflow(workflowId)`.
 * Where the world holds records of the named type (the users a description gave), an id none of them
 * has is the service's not-found, as GoHighLevel, HubSpot and Pipedrive answer an unknown user or
 * workflow; where it holds none of them (no workflow was described), the id is taken as given.
 * Only adding checks: removing what is not there changes nothing.
 */
import { entitiesOf, fieldValue, valuesMatch } from '../../domain/world-query.js';
import { toSingular } from '../../reading/entity-words.js';
import { toReferenceFact } from './reference-data.js';
import { notFound } from './world-views.js';
import type { AnswerInput } from './world-conventions.js';

/** `Array of user IDs`, `the workflow ID to add the contact to`: the type whose ids an argument takes. */
const idsOf = /\b([a-z]+)\s+ids?\b/i;

/**
 * The not-found of the first id an adding relation names that the world holds no record of, or null.
 *
 * @example
 *   missingMember(input); // 'User user_nobody not found' for add_opportunity_followers({ followers: ['user_nobody'] })
 */
export function missingMember(input: AnswerInput): string | null {
  const { shape } = input;
  const listField = shape.listField;
  if (shape.operation !== 'update' || listField === null || listField.remove) return null;
  const given = input.args[listField.argument];
  const values = (Array.isArray(given) ? given : [given]).filter((value) => typeof value === 'string' || typeof value === 'number');
  if (values.length === 0) return null;
  const type = memberType(input, listField.argument);
  if (type === null || type === shape.entity) return null;
  if (!Object.hasOwn(input.world.entities, type) || input.world.facts.includes(toReferenceFact(type))) return null;
  const records = entitiesOf(input.world, type);
  if (records.length === 0) return null;
  const unknown = values.find(
    (value) => !records.some((record) => record.id === String(value) || valuesMatch(fieldValue(record.fields, 'name'), value)),
  );
  return unknown === undefined ? null : notFound({ ...shape, entity: type, idField: 'id', numericId: false }, String(unknown));
}

/** The type the argument's name (`workflowId`) or description (`Array of user IDs`) says its values are ids of. */
function memberType(input: AnswerInput, argument: string): string | null {
  const named = /^([a-z]+?)(?:_?ids?)$/i.exec(argument)?.[1];
  if (named !== undefined) return toSingular(named.toLowerCase());
  const schema = (input.tool.inputSchema.properties as Record<string, { description?: unknown }> | undefined)?.[argument];
  const described = idsOf.exec(String(schema?.description ?? ''))?.[1];
  return described === undefined ? null : toSingular(described.toLowerCase());
}
