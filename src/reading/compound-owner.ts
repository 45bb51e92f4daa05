/**
 * The owner a compound entity's name starts with: a `project_member` lives in a project, an
 * `ai_config_variation` in an AI config. Resource names are collection/id pairs and the last pair
 * is the resource (Google's API design guide: `projects/{projectId}/members/{memberId}`), so an id
 * named for the leading words of the entity's name names the collection it lives in, its parent,
 * never the entity itself. Pure.
 */

/**
 * Whether `stem` (an id argument's words before its id suffix, snake_case) is the leading words of `entity`.
 *
 * @example
 *   namesCompoundOwner('project', 'project_member'); // true
 *   namesCompoundOwner('member', 'project_member'); // false
 */
export function namesCompoundOwner(stem: string, entity: string): boolean {
  const words = entity.split('_');
  return stem !== '' && words.length > 1 && words.slice(0, -1).join('_') === stem;
}
