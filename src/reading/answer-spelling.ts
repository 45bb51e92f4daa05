/**
 * Whether a server's answers spell their fields in snake_case though its tools take arguments of
 * another casing. Twilio's tools take `FriendlyName`, `UniqueName` and `Sid` (its request
 * parameters), and their descriptions quote the fields as its API answers them: "Can also be the
 * `unique_name` of the Conversation", "in place of the resource's `sid`". A code span holding the
 * snake_case spelling of an argument the server takes in another case (`unique_name` for
 * `UniqueName`) says so; one holding an argument as it is spelled (`UniqueName`) says the answers
 * keep the arguments' casing. Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { toWords } from './entity-words.js';
import { toQuotedFields } from './quoted-fields.js';

type Described = Pick<ToolDefinition, 'description' | 'inputSchema'>;

const spellings = new WeakMap<readonly Described[], boolean>();

/**
 * True where the descriptions quote more of the arguments in snake_case than in their own casing
 * (memoised per tool list). A dotted argument (`MessagingBinding.ProxyAddress`) counts by its parts.
 *
 * @example
 *   answersInSnakeCase(twilioTools); // true: `unique_name`, `proxy_address`, `sid`, `identity` against `Body`, `MediaSid`
 *   answersInSnakeCase(githubTools); // false: its arguments are snake_case already
 */
export function answersInSnakeCase(tools: readonly Described[]): boolean {
  let found = spellings.get(tools);
  if (found === undefined) spellings.set(tools, (found = readSpelling(tools)));
  return found;
}

function readSpelling(tools: readonly Described[]): boolean {
  const quoted = toQuotedFields(tools);
  if (quoted.size === 0) return false;
  // The parts of the arguments that hold a capital: `UniqueName`, `Sid`, `ProxyAddress`.
  const parts = new Set<string>();
  for (const tool of tools) {
    const properties = tool.inputSchema.properties;
    if (properties !== null && typeof properties === 'object')
      for (const name of Object.keys(properties)) for (const part of name.split('.')) if (/[A-Z]/.test(part)) parts.add(part);
  }
  let snake = 0;
  let own = 0;
  for (const part of parts) {
    if (quoted.has(part)) own++;
    else if (quoted.has(toSnakeCase(part))) snake++;
  }
  return snake > own;
}

/**
 * A name in snake_case: `FriendlyName` → `friendly_name`, `createdAt` → `created_at`; a name with
 * no capital after a small letter (`sid`, `Timers.Inactive`'s parts aside) only loses its capitals.
 *
 * @example
 *   toSnakeCase('ConversationSid'); // 'conversation_sid'
 */
export function toSnakeCase(name: string): string {
  return name
    .split('.')
    .map((part) => toWords(part).join('_'))
    .join('.');
}
