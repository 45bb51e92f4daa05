/**
 * A list of a tree (tasks under tasks, folders under folders) that its words say answers the
 * roots when no parent is given: `listTasks(parentId?)` "Returns root tasks if no parentId
 * specified", a folder list "lists the top-level folders" without `parent_id`. Without the
 * parent argument it leaves out every entity that has a parent. Pure.
 */
import { toParentReferences } from '../../reading/tool-parents.js';
import { propertiesOf } from '../../reading/tool-id-argument.js';
import type { AnswerInput } from './world-conventions.js';

const rootWords = /\b(?:root|top[- ]level)\b/i;

/**
 * The field that holds an entity's parent when this call lists roots only, or null.
 *
 * @example
 *   rootParentField(input); // 'parentId' for listTasks({}) "Returns root tasks if no parentId specified"
 */
export function rootParentField(input: AnswerInput): string | null {
  const { tool, shape, args } = input;
  if (shape.operation !== 'list') return null;
  const properties = propertiesOf(tool);
  for (const reference of toParentReferences(tool, shape, input.shapes)) {
    // `parentId` reads as a `parent` of no known type where nothing else names the tree's own type.
    const own = reference.entity === shape.entity || reference.entity === 'parent';
    if (!own || args[reference.argument] !== undefined) continue;
    const described = `${String(properties[reference.argument]?.description ?? '')} ${tool.description ?? ''}`;
    if (rootWords.test(described)) return reference.argument;
  }
  return null;
}
