/**
 * A state a write sets that its own description rules out: `update_opportunity_status(status)`
 * says "Valid statuses: open, won, lost, abandoned", so `status: 'archived'` is refused as the
 * service refuses a value outside its list, not stored. Read only where the state argument's
 * description closes the list (no `etc.`, `e.g.` or `such as`) and its schema gives no enum (a
 * schema's enum is checked where every argument is).
 */
import { selectsAll, toNormalName } from '../../domain/world-query.js';
import { describedStateList } from '../../reading/described-state-words.js';
import type { AnswerInput } from './world-conventions.js';

const stateNames = new Set(['status', 'state', 'stage']);
const openList = /\b(?:etc|e\.g|for example|such as|including|like)\b/i;

/**
 * The refusal of a create or update whose state argument is not among the states its description
 * lists; null otherwise.
 *
 * @example
 *   describedStateRefusal(updateStatus({ status: 'archived' })); // 'Invalid status "archived": expected one of open, won, lost, abandoned'
 */
export function describedStateRefusal(input: AnswerInput): string | null {
  if (input.shape.operation !== 'create' && input.shape.operation !== 'update') return null;
  const properties = (input.tool.inputSchema.properties ?? {}) as Record<string, Record<string, unknown> | undefined>;
  for (const [name, value] of Object.entries(input.args)) {
    const schema = properties[name];
    if (!stateNames.has(toNormalName(name)) || typeof value !== 'string' || !schema || Array.isArray(schema.enum)) continue;
    const description = typeof schema.description === 'string' ? schema.description : '';
    const states = openList.test(description) ? [] : describedStateList(description);
    if (states.length < 2 || selectsAll(value)) continue;
    if (states.some((state) => state.toLowerCase() === value.trim().toLowerCase())) continue;
    return `Invalid ${name} "${value}": expected one of ${states.join(', ')}`;
  }
  return null;
}
