/**
 * Who wrote what the caller creates. Services record the author of a post, a comment or a reply
 * as the person the credentials belong to, and let an admin name another (`author_username`
 * "requires a global API key"): a create whose tool takes an author argument and is not given one
 * keeps the caller there (the login, id or email the argument's name asks for, as `me` reads:
 * caller-alias.ts). An author named by a role-prefixed key (`author_username`) is the record's
 * plain key as well (`username`) where the type's lists filter by it (`list_user_posts(username)`),
 * so the caller's own posts are found as theirs.
 */
import type { WorldState } from '../../domain/memory-log.js';
import type { ToolDefinition } from '../../domain/registry.js';
import type { ServiceModel } from '../../reading/read-server.js';
import type { ToolShape } from '../../reading/tool-operation.js';
import { toWords } from '../../reading/entity-words.js';
import { callerOf, callerValue } from './caller-alias.js';

const authorRoles = new Set(['author', 'creator', 'poster']);

/**
 * The create's arguments with its author: the one the call names, else the caller, where the tool takes an author.
 *
 * @example
 *   withCallerAsAuthor(createPost, postShape, { topic_id: 101, raw: 'Thanks' }, world, model); // { ..., author_username: 'ada', username: 'ada' }
 */
export function withCallerAsAuthor(
  tool: ToolDefinition,
  shape: ToolShape,
  args: Readonly<Record<string, unknown>>,
  world: WorldState,
  model: Pick<ServiceModel, 'tools' | 'shapes'>,
): Readonly<Record<string, unknown>> {
  if (shape.operation !== 'create') return args;
  const properties = Object.keys(tool.inputSchema.properties ?? {});
  const author = properties.find((name) => isAuthorArgument(name));
  if (author === undefined) return args;
  const given = args[author] !== undefined && args[author] !== null && args[author] !== '';
  const value = given ? args[author] : callerValue(callerOf(world, model), author);
  const plain = plainKey(author);
  const listed =
    plain !== null &&
    args[plain] === undefined &&
    !properties.includes(plain) &&
    [...model.shapes.values()].some(
      (other) =>
        other.entity === shape.entity &&
        (other.operation === 'list' || other.operation === 'search') &&
        Object.hasOwn(model.tools.find((candidate) => candidate.name === other.tool)?.inputSchema.properties ?? {}, plain),
    );
  return { ...args, [author]: value, ...(listed ? { [plain]: value } : {}) };
}

/** `author`, `author_username`, `creatorId`, `created_by`, `posted_by`: an argument that names who wrote the record. */
function isAuthorArgument(name: string): boolean {
  const words = toWords(name);
  return authorRoles.has(words[0]!) || ((words[0] === 'created' || words[0] === 'posted') && words[1] === 'by');
}

/** The key after the role (`username` of `author_username`), or null. */
function plainKey(name: string): string | null {
  const words = toWords(name);
  if (!authorRoles.has(words[0]!) || words.length < 2) return null;
  const rest = words.slice(1);
  const underscored = name.includes('_');
  return underscored
    ? rest.join('_')
    : rest[0]! +
        rest
          .slice(1)
          .map((word) => word[0]!.toUpperCase() + word.slice(1))
          .join('');
}
