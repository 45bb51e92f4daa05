/**
 * Things a service attaches to another as one of its fields rather than keeping as members of a
 * collection: people (`assign_member_to_card` sets who the card is for) and tags. Adding one to a
 * thing, or taking it away, updates that thing (its `member_ids`), while adding a thing to a
 * collection (`add_issue_to_cycle`) updates the thing added, and so does adding a person to a
 * body of people (`add_user_to_group`: the user's groups). Pure.
 *
 * @example
 *   isAttributeMember('member'); // true: assign_member_to_card updates the card
 *   isAttributeMember('issue');  // false: add_issue_to_cycle updates the issue
 */
import { toFullWord, toSingular, toWords } from './entity-words.js';
import { ownerSuffixes } from './owned-entity.js';
import type { ToolShape } from './tool-shape.js';

/**
 * `stories-assign-current-user(storyPublicId)`, `set_issue_assignee(issueId)`: an update of a
 * person or tag whose id argument names another tool's entity updates that entity, where it is the
 * person or tag that is set.
 *
 * @example
 *   toAttributeHolder({ ...shape, operation: 'update', entity: 'user', idArgument: 'storyPublicId' }, entities); // 'story'
 */
export function toAttributeHolder(shape: ToolShape, entities: ReadonlySet<string>): string | null {
  if (shape.operation !== 'update' || shape.dispatch || shape.idArgument === null || !isAttributeMember(shape.entity)) return null;
  const words = toWords(shape.idArgument).map((word) => toFullWord(toSingular(word)));
  if (words.length < 2 || !ownerSuffixes.has(words[words.length - 1]!)) return null;
  for (let end = words.length - 1; end > 0; end--) {
    const stem = words.slice(0, end).join('_');
    if (entities.has(stem)) return stem === shape.entity || isAttributeMember(stem) ? null : stem;
  }
  return null;
}

/** Whether an entity is a person or tag a thing carries (`member`, `current_user`, `label`). */
export function isAttributeMember(entity: string): boolean {
  const words = entity.split('_');
  return attributeNouns.has(words[words.length - 1]!);
}

/**
 * Whether `member` put on `holder` is a field of the holder: a person or tag on anything but a
 * body of people (`add_user_to_group` is the user's membership).
 *
 * @example
 *   isAttributeOf('member', 'card'); // true
 *   isAttributeOf('user', 'group');  // false
 */
export function isAttributeOf(member: string, holder: string): boolean {
  const words = holder.split('_');
  return isAttributeMember(member) && !isAttributeMember(holder) && !peopleBodies.has(words[words.length - 1]!);
}

/** What people join: adding one to these changes the person's memberships. */
const peopleBodies = new Set([
  'group',
  'team',
  'organization',
  'workspace',
  'channel',
  'role',
  'project',
  'space',
  'conversation',
  'department',
]);

/** People a thing is assigned to or watched by, and the labels put on it. */
const attributeNouns = new Set(['member', 'user', 'assignee', 'owner', 'reviewer', 'watcher', 'follower', 'collaborator', 'tag', 'label']);
