/**
 * A record's ancestors: `list_page_ancestors(pageId)` "the parent hierarchy of a page, from root
 * to the immediate parent", a folder's breadcrumbs or path. Where the type's records name a
 * parent of their own type (`create_page(parentId)`), the ancestors are the records that field
 * leads up to, root first, as wikis, drives and trees answer them; the list names them by id
 * (`ids`, which a list answers as a batch), so the answer is those records as the world holds them.
 */
import { toWords } from '../../reading/entity-words.js';
import { toParentReferences } from '../../reading/tool-parents.js';
import { toNormalName } from '../../domain/world-query.js';
import type { AnswerInput } from './world-conventions.js';

/** The words a tool or its entity uses for what lies above a record. */
const ancestorWords = new Set(['ancestor', 'ancestors', 'ancestry', 'breadcrumb', 'breadcrumbs']);

/** At most this many steps up: a loop of parents (a page under itself) ends there. */
const depthBound = 64;

/**
 * The list of the ancestors of the record the call names, as a list of that record's type by ids; the input as it was
 * when the call is no such list or the type keeps no parent of its own type.
 *
 * @example
 *   toAncestorList(input).args; // { ids: ['1001'] } for list_confluence_page_ancestors({ pageId: '1002' }) under Runbooks
 */
export function toAncestorList(input: AnswerInput): AnswerInput {
  const { shape } = input;
  if (shape.operation !== 'list' && shape.operation !== 'read') return input;
  if (!ancestorWords.has(shape.entity) && !toWords(input.tool.name).some((word) => ancestorWords.has(word))) return input;
  const reference = toParentReferences(input.tool, { ...shape, entity: 'ancestor' }, input.shapes).find(
    (candidate) => input.args[candidate.argument] !== undefined,
  );
  if (!reference) return input;
  const records = input.world.entities[reference.entity] ?? {};
  const start = records[String(input.args[reference.argument])];
  const field = start === undefined ? undefined : parentField(input, reference.entity);
  if (start === undefined || field === undefined) return input;
  const chain: string[] = [];
  let current = start[field];
  while (current !== undefined && current !== null && chain.length < depthBound && !chain.includes(String(current))) {
    const parent = records[String(current)];
    if (parent === undefined) break;
    chain.unshift(String(current));
    current = parent[field];
  }
  const { [reference.argument]: _named, ...rest } = input.args;
  return {
    ...input,
    args: { ...rest, ids: chain },
    shape: { ...shape, operation: 'list', entity: reference.entity, idField: reference.idField, numericId: reference.numericId },
    listName: 'ancestors',
  };
}

/** The field a type's creates name a parent of its own type by (`parentId`, `parent_key`), if they take one. */
function parentField(input: AnswerInput, type: string): string | undefined {
  for (const other of input.shapes.values()) {
    if (other.entity !== type || other.operation !== 'create') continue;
    const tool = input.serverTools.find((candidate) => candidate.name === other.tool);
    const field = Object.keys(tool?.inputSchema.properties ?? {}).find((name) => /^parent(id|key|uuid|ref)?$/.test(toNormalName(name)));
    if (field !== undefined) return field;
  }
  return undefined;
}
