/**
 * `link_issues(inwardIssueKey, outwardIssueKey, linkType)`, `unlink_issues(linkId)`,
 * `relate_tasks(taskId, relatedTaskId)`: a link verb before the plural of a type joins two records
 * of it the world already holds. Trackers keep the join as a record of its own (Jira's issue link,
 * GitLab's `issue_link`, Linear's issue relation) that both records show, so the tool makes or
 * ends one of those: a create of `issue_link`, not a third issue. Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { toNormalName } from '../domain/world-query.js';
import { isPlural, toSingular, toWords } from './entity-words.js';
import type { ToolShape } from './tool-shape.js';

/** Link verbs, the noun of the record each makes, and whether the verb ends the join. */
const linkVerbs: Readonly<Record<string, { noun: string; ends: boolean }>> = {
  link: { noun: 'link', ends: false },
  unlink: { noun: 'link', ends: true },
  relate: { noun: 'relation', ends: false },
  unrelate: { noun: 'relation', ends: true },
};

/**
 * The shape as a create (or delete) of the join record where the tool links two records of its
 * type, else unchanged.
 *
 * @example
 *   withLinkRecord(shapes.get('jira_linkIssues')!, linkIssues).entity; // 'issue_link'
 */
export function withLinkRecord(shape: ToolShape, tool: ToolDefinition): ToolShape {
  if (shape.dispatch || shape.basis === 'override') return shape;
  const words = toWords(tool.name);
  const at = words.findIndex((word, index) => linkVerbs[word] !== undefined && isPlural(words[index + 1] ?? ''));
  if (at === -1) return shape;
  const linked = toSingular(words[at + 1]!);
  if (shape.entity !== linked) return shape;
  const { noun, ends } = linkVerbs[words[at]!]!;
  const names = Object.keys((tool.inputSchema.properties ?? {}) as Record<string, unknown>);
  const entity = `${linked}_${noun}`;
  if (ends) {
    // `unlink_issues(linkId)`: the join named by its own id; an unlink by the two records' keys is left as read.
    const idArgument = names.find(
      (name) => /^(?:link|relation)_?id$/i.test(toNormalName(name)) || toNormalName(name) === `${toNormalName(entity)}id`,
    );
    return idArgument === undefined
      ? shape
      : { ...shape, operation: 'delete', entity, idArgument, idField: 'id', listField: null, sets: {} };
  }
  // Two arguments name records of the type (`inwardIssueKey`, `outwardIssueKey`): the two it joins.
  if (names.filter((name) => toNormalName(name).includes(toNormalName(linked))).length < 2) return shape;
  return {
    ...shape,
    operation: 'create',
    entity,
    idArgument: null,
    idField: 'id',
    numericId: false,
    listField: null,
    sets: {},
    find: false,
  };
}
