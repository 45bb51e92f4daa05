/**
 * One tool that fetches a record by its id or lists them all: commercetools' `read_customers`
 * ("fetch a Customer by ID … or query all available customers … if no arguments"), `read_orders`
 * ("Fetch a single order by its order number"), and the get-or-list tools of other services.
 * Given the id, it answers as a read does: the record itself, or the service's not-found for an id
 * it never gave, not a list of none. Given a key the description says it fetches one by
 * (`key`, `orderNumber`), it finds that one record the same way. Pure.
 */
import type { Answer, AnswerInput } from './world-conventions.js';
import type { ToolShape } from '../../reading/tool-shape.js';
import { propertiesOf } from '../../reading/tool-id-argument.js';
import { toWords } from '../../reading/entity-words.js';

/**
 * The call as a read of the one record its id or key names, answered by `read`; null where the
 * list is not also a fetch of one, or the call names none.
 *
 * @example
 *   toReadOfListed(input, read); // read_customers({ id: 'c-404' }) → { error: 'Customer "c-404" not found' }
 */
export function toReadOfListed(input: AnswerInput, read: (input: AnswerInput) => Answer): Answer | null {
  const { shape, tool, args } = input;
  const properties = propertiesOf(tool);
  for (const [name, value] of Object.entries(args)) {
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    if (!namesOwnRecord(name, shape.entity)) continue;
    if (!fetchesOneBy(name, tool.description ?? '', String(properties[name]?.description ?? ''))) continue;
    const one: ToolShape =
      name === shape.idField || name === 'id'
        ? { ...shape, operation: 'read', idArgument: name }
        : { ...shape, operation: 'read', idArgument: null, find: true };
    return read({ ...input, shape: one, args: { [name]: value } });
  }
  return null;
}

/**
 * `id`, `key`, `customerId` of customers, `orderNumber` of orders: an argument naming a record of the
 * listed type itself, never a parent's (`issue_id` of a comment list) or another type's.
 */
function namesOwnRecord(name: string, entity: string): boolean {
  const words = toWords(name);
  const own = toWords(entity);
  const last = words.at(-1)!;
  if (!['id', 'key', 'number', 'code'].includes(last)) return false;
  const head = words.slice(0, -1);
  return head.length === 0 || head.join('_') === own.join('_') || head.join('_') === own.at(-1);
}

/**
 * Whether the tool says it fetches one record by this argument: "fetch a Customer by ID", "Fetch a
 * single order by its order number" in its description, or "The ID of the customer to fetch" on the argument.
 */
function fetchesOneBy(name: string, description: string, argument: string): boolean {
  const spoken = toWords(name).join(String.raw`[\s_-]*`);
  const byDescription = new RegExp(
    String.raw`\b(?:fetch|get|retrieve|read)(?:es|s)?\s+(?:(?:a|an|one|the|single)\s+){0,2}[\w ]{0,30}?\bby\s+(?:its\s+)?${spoken}\b`,
    'i',
  );
  const byArgument = new RegExp(String.raw`\b${spoken}\s+of\s+the\s+[\w ]{1,30}?\s+to\s+(?:fetch|get|retrieve|read)\b`, 'i');
  return byDescription.test(description) || byArgument.test(argument);
}
